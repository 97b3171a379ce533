import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A back-office table too wide for a phone: from the lg breakpoint a table; below it each row is
 * a card of "label value" lines, so nothing scrolls sideways (docs/decisions/075). The elements
 * stay a table's, so a screen reader reads rows and column headers at any width; the labels a
 * card shows are for the eye only.
 */
export function StackedTable({
  caption,
  headings,
  rowCount,
  emptyText,
  children,
}: {
  caption: string;
  headings: readonly string[];
  rowCount: number;
  emptyText: string;
  children: ReactNode;
}) {
  if (rowCount === 0) return <p className="py-4 text-muted-foreground">{emptyText}</p>;
  return (
    <table className="w-full text-left text-sm max-lg:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-border border-b text-muted-foreground max-lg:sr-only">
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-3 py-2 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-lg:grid max-lg:gap-3">{children}</tbody>
    </table>
  );
}

/** One row: a line of the table, or a card of its own below lg. */
export function StackedRow({ children }: { children: ReactNode }) {
  return (
    <tr className="border-border border-b align-top last:border-0 max-lg:grid max-lg:gap-1 max-lg:rounded-md max-lg:border max-lg:p-3 max-lg:last:border">
      {children}
    </tr>
  );
}

/**
 * A cell with its column's label, shown before the value on a card (hidden from screen readers,
 * which have the column header). `header` makes it the row's header cell; `wide` gives the value
 * a card's whole width under its label (forms, lists).
 */
export function StackedCell({
  label,
  header = false,
  wide = false,
  className,
  children,
}: {
  label: string;
  header?: boolean;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const Cell = header ? "th" : "td";
  return (
    <Cell
      scope={header ? "row" : undefined}
      className={cn(
        "px-3 py-2 max-lg:p-0",
        wide ? "max-lg:grid max-lg:gap-1" : "max-lg:flex max-lg:gap-3",
        header ? "font-medium" : "font-normal",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="shrink-0 font-normal text-muted-foreground lg:hidden max-lg:w-28"
      >
        {label}
      </span>
      <div className="min-w-0 break-words">{children}</div>
    </Cell>
  );
}
