import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";
import type { Toast } from "./toast";

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

/**
 * What server.ts knows about the request being handled, shared with app code through the
 * AsyncLocalStorage it opens around each request (`runInRequest`; absent in unit tests).
 */
export type RequestStore = {
  /** The request's id, on every log line written while serving it (logger.server.ts). */
  requestId: string;
  /** A browser navigation (a plain form post or link), not a fetch from the running app. */
  navigation: boolean;
  /** Toasts for the page this same response renders (a form posted without JavaScript). */
  toasts: Toast[];
  /** Statements run on the database for this request (lib/db.server.ts counts them). */
  queries?: number;
  /** Set while rendering a page for the page cache: what the page shows. */
  page?: PageDependencies;
  /** A GET or HEAD: no action runs, so its loaders may share what they read (sharedByLoaders). */
  readOnly?: boolean;
  shared?: Map<string, Promise<unknown>>;
};

// One per process however many copies of this module it loaded: server.ts opens the store and
// the server build's code reads it (development reloads, the build's two entries).
const storage = singleton("request storage", () => new AsyncLocalStorage<RequestStore>());

/** Runs `handle` (and everything it starts) as the request `store` describes. */
export function runInRequest<T>(store: RequestStore, handle: () => T): T {
  return storage.run(store, handle);
}

export function requestStore(): RequestStore | undefined {
  return storage.getStore();
}

/** True when the browser itself posted a form (JavaScript off), so the answer is a whole page. */
export function isDocumentRequest() {
  return requestStore()?.navigation ?? false;
}

const perRequestObject = new WeakMap<Request, Map<string, Promise<unknown>>>();

/**
 * One read shared by the loaders of one request (the session, the saved products). React Router
 * gives each loader a Request of its own, so a GET's reads are shared through the request's store.
 * After a form post's action the loaders must see what the action wrote: there only calls with the
 * same Request object share.
 */
export function sharedByLoaders<T>(
  request: Request,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const store = requestStore();
  let shared: Map<string, Promise<unknown>> | undefined;
  if (store?.readOnly) {
    store.shared ??= new Map();
    shared = store.shared;
  } else {
    shared = perRequestObject.get(request);
    if (!shared) {
      shared = new Map();
      perRequestObject.set(request, shared);
    }
  }
  let pending = shared.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    shared.set(key, pending);
  }
  return pending;
}
