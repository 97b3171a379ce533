import { requestStore } from "./request-store.server";

/**
 * What a page rendered for the cache shows, declared by the reads that fetch it: the cache drops
 * the page when a write announces one of these tags (docs/decisions/033). Outside a cacheable
 * render (signed-in pages, actions, the back office, tests) these do nothing.
 */
export type PageDependencies = {
  tags: Set<string>;
  /** Epoch milliseconds after which the page is out of date by itself; Infinity if never. */
  freshUntil: number;
};

export function newPageDependencies(): PageDependencies {
  return { tags: new Set(), freshUntil: Number.POSITIVE_INFINITY };
}

/** The page being rendered shows data these tags name (PAGE_TAGS, productTag). */
export function pageShows(...tags: string[]) {
  const page = requestStore()?.page;
  if (!page) return;
  for (const tag of tags) page.tags.add(tag);
}

/** The page being rendered changes by itself at this moment (an offer expiring). */
export function pageFreshUntil(moment: Date) {
  const page = requestStore()?.page;
  if (page) page.freshUntil = Math.min(page.freshUntil, moment.getTime());
}
