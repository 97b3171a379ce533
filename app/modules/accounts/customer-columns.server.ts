import { type AnyColumn, eq } from "drizzle-orm";
import type { PgSelect, SelectedFields } from "drizzle-orm/pg-core";
import { profiles } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** What the orders area shows and searches of an order's customer, for a select joined by joinCustomer. */
export const customerColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phone: profiles.phone,
  /** The mobile number the customer signs in with; proved by a code when phoneNumberVerified. */
  phoneNumber: profiles.phoneNumber,
  phoneNumberVerified: profiles.phoneNumberVerified,
};

/**
 * Left-joins the customer `userId` names to another area's select (the orders'), so it can select
 * and filter on customerColumns in its one statement; an account deleted since gives nulls.
 */
export function joinCustomer<T extends PgSelect>(query: T, userId: AnyColumn) {
  return query.leftJoin(profiles, eq(profiles.id, userId));
}

/** A select from the customers, for a read that adds another area's join to them (recall notices). */
export function selectCustomers<F extends SelectedFields>(executor: Executor, fields: F) {
  return executor.select(fields).from(profiles).$dynamic();
}
