import type { AsyncLocalStorage } from "node:async_hooks";
import type { Toast } from "./toast";

/**
 * What server.ts knows about the request being handled, shared with app code through an
 * AsyncLocalStorage that server.ts opens around each request (absent in unit tests).
 */
export type RequestStore = {
  /** The request's id, on every log line written while serving it (logger.server.ts). */
  requestId: string;
  /** A browser navigation (a plain form post or link), not a fetch from the running app. */
  navigation: boolean;
  /** Toasts for the page this same response renders (a form posted without JavaScript). */
  toasts: Toast[];
};

const holder = globalThis as typeof globalThis & {
  __shopRequestStore?: AsyncLocalStorage<RequestStore>;
};

export function requestStore(): RequestStore | undefined {
  return holder.__shopRequestStore?.getStore();
}

/** True when the browser itself posted a form (JavaScript off), so the answer is a whole page. */
export function isDocumentRequest() {
  return requestStore()?.navigation ?? false;
}
