import { type LiveEvents, SHOPPER_CHANGED } from "../../lib/live-events.server";
import { memosOfChannel, type TaggedMemo } from "../../lib/tagged-memo.server";

/** Sessions whose shopper is kept at once, least recently used out first. */
const MAX_SESSIONS = 2_000;

/** The tag a session's shopper is kept under: its user's id, as announced. */
export const shopperTag = (userId: string) => `user:${userId}`;

const shopperMemos = memosOfChannel(SHOPPER_CHANGED, (userId) => [shopperTag(userId)]);

/**
 * What a session cookie finds, kept by session token until a write to that user's session,
 * profile, role, cart or saved products is announced (db/migrations/0016_shopper_changes.sql,
 * docs/decisions/046). Used and kept only once `rememberShoppers` listens, and while it hears.
 */
export function shopperMemo<T>(): TaggedMemo<T> {
  return shopperMemos.create<T>(MAX_SESSIONS);
}

/**
 * Starts keeping shoppers. Only the process that owns the embedded database does: there every
 * write is made by this process and its announcement is heard before the write returns, so no page
 * shows a cart, role or session as it was before a write that has returned.
 */
export const rememberShoppers = (live: LiveEvents) => shopperMemos.remember(live);
