import { createHmac, randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { accounts, profiles, verifications } from "../../../db/schema";
import { composeMail } from "../../domain/mail-layout";
import { isPlaceholderEmail, PLACEHOLDER_EMAIL_DOMAIN } from "../../domain/mobile-number";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import { type Mailer, sendMail } from "../../lib/mail.server";
import { getSettings } from "../settings/settings.server";
import type { Accounts } from "./accounts.server";

/** How long the link to confirm an added address works. */
export const ADD_EMAIL_LINK_HOURS = 24;

export const EMAIL_TAKEN = "This e-mail address is already used by another account.";

export const ADDED_EMAIL_LINK_EXPIRED =
  "This link is invalid or has expired. Please add your e-mail address again.";

function identifier(secret: string, token: string) {
  return `add-email:${createHmac("sha256", secret).update(token).digest("hex")}`;
}

/**
 * A mobile-only customer's own address and password (docs/decisions/062): kept until the link
 * mailed to the address is opened, so an address becomes theirs only once they prove it. The
 * password is kept hashed, as Better Auth keeps it; the token only as an HMAC.
 */
export async function requestAddedEmail(
  { db: database, secret }: Pick<Accounts, "db" | "secret">,
  mailer: Mailer,
  input: { userId: string; email: string; password: string; publicUrl: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [user] = await database
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!user || !isPlaceholderEmail(user.email)) {
    return { ok: false, message: "Your account already has an e-mail address." };
  }
  const [taken] = await database
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, input.email));
  if (taken) return { ok: false, message: EMAIL_TAKEN };
  const token = randomBytes(32).toString("base64url");
  const passwordHash = await hashPassword(input.password);
  await database.insert(verifications).values({
    identifier: identifier(secret, token),
    value: JSON.stringify({ userId: input.userId, email: input.email, passwordHash }),
    expiresAt: sql`now() + make_interval(hours => ${ADD_EMAIL_LINK_HOURS})`,
  });
  const shop = await getSettings(database);
  const url = `${input.publicUrl}/profile/email?token=${token}`;
  await sendMail(mailer, {
    to: input.email,
    subject: "Confirm your e-mail address",
    ...composeMail({
      shopName: shop.shopName,
      title: "Confirm your e-mail address",
      paragraphs: [
        `Hello ${user.fullName},`,
        `Open this link within ${ADD_EMAIL_LINK_HOURS} hours to add this address to your account. Then you can sign in with it and your password, or with your mobile number.`,
      ],
      button: { label: "Confirm my e-mail address", url },
      footnotes: ["If you did not ask for this, you can ignore this e-mail."],
    }),
  });
  return { ok: true };
}

/**
 * Opens the mailed link: the address and password become the account's, once. Refused when the
 * link is unknown, used or expired, or the address was taken meanwhile. The token's shape is
 * checked where it is read (`confirmAddedEmailSchema`).
 */
export async function confirmAddedEmail(
  { db: database, secret }: Pick<Accounts, "db" | "secret">,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const expired = { ok: false as const, message: ADDED_EMAIL_LINK_EXPIRED };
  try {
    return await database.transaction(async (tx) => {
      const [row] = await tx
        .delete(verifications)
        .where(
          and(
            eq(verifications.identifier, identifier(secret, token)),
            gt(verifications.expiresAt, sql`now()`),
          ),
        )
        .returning({ value: verifications.value });
      if (!row) return expired;
      const pending = JSON.parse(row.value) as {
        userId: string;
        email: string;
        passwordHash: string;
      };
      const updated = await tx
        .update(profiles)
        .set({ email: pending.email, emailVerified: true, updatedAt: new Date() })
        .where(
          and(
            eq(profiles.id, pending.userId),
            sql`${profiles.email} like ${`%${PLACEHOLDER_EMAIL_DOMAIN}`}`,
          ),
        )
        .returning({ id: profiles.id });
      if (updated.length === 0) return expired;
      await tx.insert(accounts).values({
        userId: pending.userId,
        accountId: pending.userId,
        providerId: "credential",
        password: pending.passwordHash,
      });
      return { ok: true as const, email: pending.email };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) return { ok: false, message: EMAIL_TAKEN };
    throw error;
  }
}
