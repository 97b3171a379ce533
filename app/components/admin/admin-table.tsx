import type { ReactNode } from "react";
import { CardContent } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/**
 * A back-office list's table inside its card: the column headings, then the rows, or `emptyText`
 * when there are none.
 */
export function AdminTable({
  headings,
  rowCount,
  emptyText,
  headingClassName,
  tableClassName,
  busy,
  children,
}: {
  headings: readonly string[];
  rowCount: number;
  emptyText: string;
  headingClassName?: string;
  tableClassName?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <CardContent className="overflow-x-auto" aria-busy={busy}>
      {rowCount === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <table className={cn("w-full text-left text-sm", tableClassName)}>
          <thead className="border-border border-b text-muted-foreground">
            <tr>
              {headings.map((heading) => (
                <th
                  key={heading}
                  scope="col"
                  className={cn(headingClassName, "px-3 py-2 font-medium")}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </CardContent>
  );
}
