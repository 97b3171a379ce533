/**
 * Hands a mailto: URL to the browser, which opens the visitor's mail client (docs/SPEC.md §7: the contact
 * form makes no call of its own). It lives in one small module so this navigation has exactly one
 * place; the end-to-end test observes it through the browser's navigation request for the URL.
 */
export function openMailClient(url: string) {
  window.location.assign(url);
}
