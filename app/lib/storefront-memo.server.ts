import { parseTags } from "../domain/page-cache-rules";
import { type LiveEvents, STOREFRONT_CHANGED } from "./live-events.server";
import { pageShows } from "./page-dependencies.server";
import { memosOfChannel, type TaggedMemo } from "./tagged-memo.server";

const storefrontMemos = memosOfChannel(STOREFRONT_CHANGED, parseTags);

/**
 * Storefront reads that every visitor shares (a product's details, its reviews), kept until a
 * write announces a change to what they hold: the announcements the page cache listens to
 * (db/migrations/0011_storefront_changes.sql, docs/decisions/036). Signed-in pages, which the
 * page cache cannot keep, read these without a query.
 */
export function storefrontMemo<T>(maxEntries: number): TaggedMemo<T> {
  // A page that shows a kept read depends on it as on a read from the database.
  return storefrontMemos.create<T>(maxEntries, (tags) => pageShows(...tags));
}

/** Listens for the storefront's change announcements, from this process or any other. */
export const rememberStorefrontReads = (live: LiveEvents) => storefrontMemos.remember(live);
