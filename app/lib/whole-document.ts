/**
 * A route's `handle` may ask for the whole document before the first byte is sent, for addresses
 * whose deferred content a browser without JavaScript must still see (app/entry.server.tsx).
 */
export type WholeDocumentHandle = { wholeDocument?: (url: URL) => boolean };

export function wantsWholeDocument(handles: unknown[], url: URL) {
  return handles.some((handle) => {
    const wholeDocument = (handle as WholeDocumentHandle | undefined)?.wholeDocument;
    return typeof wholeDocument === "function" && wholeDocument(url);
  });
}
