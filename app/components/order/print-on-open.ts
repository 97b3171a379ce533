import { useEffect } from "react";

/** The query parameter a "Print" control adds to a document's address (docs/SPEC.md §2). */
const PRINT_ON_OPEN = "print";

/** A document's address that opens the browser's print dialog once the document has loaded. */
export function printOnOpenHref(href: string) {
  return `${href}?${PRINT_ON_OPEN}=1`;
}

/**
 * Opens the print dialog once, when the page was opened with `?print=1` and has loaded (styles
 * and fonts in, so the dialog previews the document as it prints). The parameter comes off the
 * address as it prints, so a reload or a bookmark shows the document without printing again.
 */
export function usePrintOnOpen() {
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has(PRINT_ON_OPEN)) return;
    const print = () => {
      const url = new URL(window.location.href);
      url.searchParams.delete(PRINT_ON_OPEN);
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
      window.print();
    };
    if (document.readyState === "complete") {
      print();
      return;
    }
    window.addEventListener("load", print, { once: true });
    return () => window.removeEventListener("load", print);
  }, []);
}
