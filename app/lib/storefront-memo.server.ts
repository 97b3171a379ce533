import { parseTags } from "../domain/page-cache-rules";
import { liveEvents, STOREFRONT_CHANGED } from "./live-events.server";
import { pageShows } from "./page-dependencies.server";
import { TaggedMemo } from "./tagged-memo.server";

const memos = new Set<TaggedMemo<unknown>>();
/** Set once this process listens for the announcements on the memos' behalf. */
let subscribed = false;

/**
 * Storefront reads that every visitor shares (a product's details, its reviews), kept until a
 * write announces a change to what they hold: the announcements the page cache listens to
 * (db/migrations/0011_storefront_changes.sql, docs/decisions/036). Signed-in pages, which the
 * page cache cannot keep, read these without a query. The memo forgets what the announcements
 * name once `rememberStorefrontReads` listens, and reads the database every time while they are
 * not heard (a change could go unseen).
 */
export function storefrontMemo<T>(maxEntries: number): TaggedMemo<T> {
  const memo = new TaggedMemo<T>(
    maxEntries,
    () => subscribed && liveEvents().isListening(STOREFRONT_CHANGED),
    Date.now,
    // A page that shows a kept read depends on it as on a read from the database.
    (tags) => pageShows(...tags),
  );
  memos.add(memo as TaggedMemo<unknown>);
  return memo;
}

/**
 * Listens for the storefront's change announcements, from this process or any other. An empty
 * announcement (the listening connection came back after a loss) forgets everything, since a
 * change may have gone unheard.
 */
export async function rememberStorefrontReads() {
  for (const memo of memos) memo.clear();
  await liveEvents().subscribe(STOREFRONT_CHANGED, (payload) => {
    for (const memo of memos) {
      if (payload) memo.invalidate(parseTags(payload));
      else memo.clear();
    }
  });
  subscribed = true;
}
