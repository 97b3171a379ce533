import { Form, useLocation, useNavigate, useSearchParams } from "react-router";
import { Search } from "~/components/icons";
import { cn } from "~/lib/cn";

/**
 * docs/SPEC.md §2: both header search forms go to /products with the trimmed text; blank text is
 * ignored. Without JavaScript it is a plain GET form (the products page trims it too). It shows the
 * search on the products page only: no other page reads `search`, so its kept page is the same
 * with or without it (app/domain/page-cache-rules.ts).
 */
export function SearchForm({ id, className }: { id: string; className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onResults = useLocation().pathname === "/products";
  return (
    <Form
      method="get"
      action="/products"
      role="search"
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
        if (!text) return;
        navigate(`/products?search=${encodeURIComponent(text)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={onResults ? (params.get("search") ?? "") : ""}
        placeholder="Search for medicines, herbs..."
        autoComplete="off"
        className="h-10 w-full rounded-full border border-input bg-card pr-11 pl-4 text-sm placeholder:text-muted-foreground"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-hover"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </Form>
  );
}
