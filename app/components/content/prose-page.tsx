import type { ReactNode } from "react";
import { formatLongDate } from "~/content/policy";
import { cn } from "~/lib/cn";

/** Readable long-form text: headings, paragraphs, lists and links inside a content page. */
export const PROSE_CLASSES = cn(
  "text-base text-foreground leading-relaxed",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:text-primary [&_h2]:leading-snug",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg",
  "[&_p]:mb-4 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6",
  "[&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6",
  "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary-hover",
  "[&_strong]:font-semibold",
);

export interface ProsePageProps {
  title: string;
  intro?: ReactNode;
  /** ISO date (yyyy-mm-dd) shown as "Last updated: 1 November 2026". */
  lastUpdated?: string;
  children: ReactNode;
}

/** Layout of the text pages (policies, about): one column about 3xl wide, a serif title. */
export function ProsePage({ title, intro, lastUpdated, children }: ProsePageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <header className="mb-8 grid gap-3 border-border border-b pb-6">
        <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">{title}</h1>
        {intro ? <p className="text-lg text-muted-foreground">{intro}</p> : null}
        {lastUpdated ? (
          <p className="text-muted-foreground text-sm">
            Last updated: <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
          </p>
        ) : null}
      </header>
      <div className={PROSE_CLASSES}>{children}</div>
    </article>
  );
}
