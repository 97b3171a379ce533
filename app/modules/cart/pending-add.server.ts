import { createCookie } from "react-router";
import { z } from "~/domain/zod";
import { quantityField } from "../../domain/validation/cart";
import type { Database } from "../../lib/db.server";
import { appSecret } from "../../lib/secrets.server";
import { addToCart, CartError } from "./cart.server";

/**
 * A visitor's "Add to Cart" waits here while they sign in or sign up (docs/decisions/021). It is a
 * signed cookie, so only the shop's own cart form can set it, and it lapses after half an hour.
 */
const PENDING_ADD_SECONDS = 30 * 60;

const pendingAddSchema = z.object({
  productId: z.uuid(),
  quantity: quantityField,
});

export type PendingAdd = z.infer<typeof pendingAddSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;

function pendingAddCookie() {
  cookie ??= createCookie("shop_pending_add", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: PENDING_ADD_SECONDS,
    secure: process.env.PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [appSecret()],
  });
  return cookie;
}

export async function rememberPendingAdd(pending: PendingAdd, headers = new Headers()) {
  headers.append("Set-Cookie", await pendingAddCookie().serialize(pending));
  return headers;
}

/** Reads the waiting add (a tampered or stale cookie reads as none) and clears it. */
export async function takePendingAdd(request: Request, headers: Headers) {
  const value = await pendingAddCookie().parse(request.headers.get("Cookie"));
  if (value === null || value === undefined) return null;
  headers.append("Set-Cookie", await pendingAddCookie().serialize("", { maxAge: 0 }));
  const parsed = pendingAddSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export type PendingAddOutcome = { added: true; name: string } | { added: false; reason: string };

/**
 * The add is checked again now that the customer is known: the product must still exist and be
 * in stock, and the line may not pass the limit or the stock together with what the cart holds.
 */
export async function completePendingAdd(
  database: Database,
  userId: string,
  pending: PendingAdd,
): Promise<PendingAddOutcome> {
  try {
    const result = await addToCart(database, { userId, ...pending });
    return { added: true, name: result.name };
  } catch (error) {
    if (error instanceof CartError) return { added: false, reason: error.message };
    throw error;
  }
}

/** The sentence added to the welcome toast, saying what became of the waiting add. */
export function pendingAddSentence(outcome: PendingAddOutcome) {
  return outcome.added
    ? `${outcome.name} was added to your cart.`
    : `${outcome.reason}, so it was not added to your cart.`;
}
