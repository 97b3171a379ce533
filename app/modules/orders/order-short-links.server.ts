import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { orders, shortLinks } from "../../../db/schema";
import {
  SHORT_LINK_ALPHABET,
  SHORT_LINK_CODE_LENGTH,
  shortLinkPath,
} from "../../domain/short-links";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";

/**
 * The short link of an order (docs/decisions/070): the one its first message made, or a new one
 * written in the caller's transaction. The code is random, so it says nothing of the order; a
 * clash with another code (one in 2e14 per link) draws again.
 */
export async function orderShortLinkCode(tx: Executor, orderId: string): Promise<string> {
  for (let draw = 0; draw < 5; draw++) {
    const existing = await findCode(tx, orderId);
    if (existing) return existing;
    // Nothing on either clash: the same order linked at once by another transaction is found
    // above on the next turn, a code taken already draws again.
    await tx
      .insert(shortLinks)
      .values({ code: newCode(), kind: "order", targetId: orderId })
      .onConflictDoNothing();
  }
  throw new Error(`No short link could be made for order ${orderId}`);
}

async function findCode(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(and(eq(shortLinks.kind, "order"), eq(shortLinks.targetId, orderId)));
  return row?.code ?? null;
}

function newCode() {
  let code = "";
  for (let i = 0; i < SHORT_LINK_CODE_LENGTH; i++) {
    code += SHORT_LINK_ALPHABET[randomInt(SHORT_LINK_ALPHABET.length)];
  }
  return code;
}

/** The whole address of a short link, as a message carries it. */
export function shortLinkUrl(code: string) {
  return `${getEnv().PUBLIC_URL}${shortLinkPath(code)}`;
}

/** The order a code stands for and whose it is, or null for a code the shop never gave. */
export async function orderOfShortLink(executor: Executor, code: string) {
  const [row] = await executor
    .select({ orderId: orders.id, userId: orders.userId })
    .from(shortLinks)
    .innerJoin(orders, eq(orders.id, shortLinks.targetId))
    .where(and(eq(shortLinks.code, code), eq(shortLinks.kind, "order")));
  return row ?? null;
}
