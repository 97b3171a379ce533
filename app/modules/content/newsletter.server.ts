import { newsletterSubscriptions } from "../../../db/schema";
import { clientKey } from "../../lib/client-key.server";
import type { Executor } from "../../lib/db.server";
import { consumeRateLimits, type RateLimitRule } from "../../lib/rate-limit.server";

/** Anonymous sign-ups allowed per hour (docs/decisions/012). */
export const NEWSLETTER_LIMITS = {
  perClient: { limit: 10, windowSeconds: 60 * 60 },
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Subscribing twice is harmless: the address is stored once (docs/DESIGN.md §6.12). */
export async function subscribeToNewsletter(executor: Executor, email: string) {
  await executor.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}

/** A sign-up from the site's form, limited per client and per address. */
export async function subscribeFromForm(
  executor: Executor,
  email: string,
  clientIp: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const tooMany = await consumeRateLimits(executor, [
    [`newsletter:ip:${clientKey(clientIp)}`, NEWSLETTER_LIMITS.perClient],
    [`newsletter:email:${email}`, NEWSLETTER_LIMITS.perEmail],
  ]);
  if (tooMany) return { ok: false, message: tooMany };
  await subscribeToNewsletter(executor, email);
  return { ok: true };
}
