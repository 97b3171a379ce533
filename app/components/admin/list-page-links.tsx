import { useLocation } from "react-router";
import { Pagination } from "~/components/product/pagination";
import { hrefWith } from "~/domain/admin-list-query";

/**
 * The page links under a back-office list: each keeps the list's query string (its search and
 * filters) and changes the page; `closing` names a parameter that opens a dialog, left out.
 */
export function ListPageLinks({
  page,
  pageCount,
  closing,
}: {
  page: number;
  pageCount: number;
  closing?: string;
}) {
  const { search } = useLocation();
  const hrefFor = (p: number) =>
    hrefWith(search, closing ? { page: p, [closing]: undefined } : { page: p });
  return <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />;
}
