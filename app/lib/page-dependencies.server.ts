import { type PageDependencies, requestStore } from "./request-store.server";

export type { PageDependencies };

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
