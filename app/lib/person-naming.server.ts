import type { AnyColumn, SQL } from "drizzle-orm";

/**
 * How a person is named in SQL, from the accounts area (its `profileNaming`), for the areas that
 * name people but may not import accounts (the audit log, reviews, refunds): a lateral row on the user id
 * given, to left-join on true, and the columns it gives. The caller hands it in.
 */
export type PersonNaming = (userId: AnyColumn) => {
  lateral: SQL;
  fullName: SQL<string | null>;
  email: SQL<string | null>;
};
