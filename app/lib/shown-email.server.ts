import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PLACEHOLDER_EMAIL_DOMAIN } from "../domain/mobile-number";

/**
 * An account's e-mail as the back office shows it: null for the placeholder address of an account
 * made by mobile sign-in (docs/decisions/062), which is no address at all.
 */
export function shownEmailSql(column: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`case when ${column} like ${`%${PLACEHOLDER_EMAIL_DOMAIN}`} then null else ${column} end`;
}
