import { sql } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { PersonNaming } from "../../lib/person-naming.server";

/**
 * A person's name and email as a lateral row on the user id given, for a read of an area that may
 * not import accounts (the audit log's actors, reviews' authors) and names people in its one
 * statement: the route hands it in. No row when there is no such profile, so left-join it.
 */
export const profileNaming: PersonNaming = (userId) => {
  return {
    lateral: sql`(select ${profiles.fullName} as full_name, ${profiles.email} as email
      from ${profiles} where ${profiles.id} = ${userId}) as person`,
    fullName: sql<string | null>`person.full_name`,
    email: sql<string | null>`person.email`,
  };
};
