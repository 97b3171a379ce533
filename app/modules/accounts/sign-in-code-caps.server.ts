import { and, gt, inArray, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import { formatIstDateTime } from "../../domain/india-time";
import { composeMail } from "../../domain/mail-layout";
import type { Database, Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { MailMessage } from "../../lib/mail.server";
import { enqueueMail } from "../notifications/mail-outbox.server";
import type { MailWriter } from "../notifications/notice-writers.server";
import { getSettings } from "../settings/settings.server";

/**
 * The shop's two hourly budgets of sign-in codes (docs/decisions/068): one for numbers an account
 * signs in with, one for new numbers, each as large as the setting `sms_codes_per_hour`. A flood
 * of new numbers uses up only the second, so customers keep signing in.
 */
export const NUMBER_KINDS = ["known", "new"] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];

export function shopBudgetKey(kind: NumberKind) {
  return `phone-code:shop:${kind}`;
}

const KIND_OF_KEY = new Map(NUMBER_KINDS.map((kind) => [shopBudgetKey(kind), kind]));

/** The budget a rate-limit key is, or null when it is another limit. */
export function budgetOfKey(key: string): NumberKind | null {
  return KIND_OF_KEY.get(key) ?? null;
}

const WHOSE: Record<NumberKind, string> = {
  known: "customers' numbers",
  new: "new numbers",
};

/** The mail that tells the shop's address a budget ran out this hour. */
export const SIGN_IN_CAP_MAIL = "sign-in-code-cap";

/**
 * Called in the transaction that was refused first in a budget's window: the owner's mail, written
 * once for that window (its end is the mail's occasion), sent after the commit.
 */
export async function tellOwnerOfCap(tx: Executor, kind: NumberKind) {
  const [row] = await tx
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${shopBudgetKey(kind)}`);
  if (!row) return;
  await enqueueMail(tx, {
    kind: SIGN_IN_CAP_MAIL,
    about: kind,
    occasion: row.resetAt.toISOString(),
  });
}

export async function signInCapMail(
  executor: Executor,
  kind: NumberKind,
  resetAt: Date,
): Promise<MailMessage | null> {
  if (!NUMBER_KINDS.includes(kind) || Number.isNaN(resetAt.getTime())) return null;
  const shop = await getSettings(executor);
  const other = kind === "new" ? "known" : "new";
  const until = formatIstDateTime(resetAt);
  const title = `Sign-in codes to ${WHOSE[kind]} stopped until ${until}`;
  const mail = composeMail({
    shopName: shop.shopName,
    title,
    paragraphs: [
      `The shop has sent ${shop.smsCodesPerHour} sign-in codes by SMS to ${WHOSE[kind]} this hour, the most Message settings allows. Until ${until} (India time) no more are sent to ${WHOSE[kind]}; those who ask are told to try again later.`,
      `Codes to ${WHOSE[other]} still go out: they have a budget of their own.`,
      kind === "new"
        ? "So many codes to numbers without an account in one hour usually means someone is asking codes for numbers that are not theirs, to run up the SMS bill. The cap has stopped it; nothing needs to be done. If the shop really signs up this many customers an hour, raise the cap."
        : "So many codes to customers' numbers in one hour is unusual. If the shop really has this many sign-ins an hour, raise the cap.",
    ],
    button: { label: "Open Message settings", url: `${getEnv().PUBLIC_URL}/admin/messages` },
  });
  return { to: shop.email, subject: title, ...mail };
}

export const signInCapMailWriters: Record<typeof SIGN_IN_CAP_MAIL, MailWriter> = {
  [SIGN_IN_CAP_MAIL]: (database: Database, { about, occasion }) =>
    signInCapMail(database, about as NumberKind, new Date(occasion)),
};

export type SignInCodeStop = { kind: NumberKind; cap: number; until: Date; whose: string };

/** The budgets used up in their current hour, for the dashboard's notice while they hold. */
export async function signInCodeStops(executor: Executor): Promise<SignInCodeStop[]> {
  const { smsCodesPerHour } = await getSettings(executor);
  const rows = await executor
    .select({ key: rateLimits.key, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(
        inArray(rateLimits.key, NUMBER_KINDS.map(shopBudgetKey)),
        gt(rateLimits.resetAt, sql`now()`),
        gt(rateLimits.count, smsCodesPerHour),
      ),
    );
  return NUMBER_KINDS.flatMap((kind) => {
    const row = rows.find((candidate) => candidate.key === shopBudgetKey(kind));
    return row ? [{ kind, cap: smsCodesPerHour, until: row.resetAt, whose: WHOSE[kind] }] : [];
  });
}
