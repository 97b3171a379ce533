import { newsletterSubscriptions } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** Subscribing twice is harmless: the address is stored once (DESIGN §6.12). */
export async function subscribeToNewsletter(executor: Executor, email: string) {
  await executor.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
