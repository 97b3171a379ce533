import { Link } from "react-router";
import { CalendarDays, Clock } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import {
  BLOG_ARTICLES,
  BLOG_CATEGORIES,
  type BlogCategory,
  categoryFromParam,
  categorySlug,
} from "~/content/blog-articles";
import { formatLongDate } from "~/content/policy";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/blog";

/** The selected tab lives in the URL (?category=nutrition), so filtering needs no JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const category = categoryFromParam(new URL(request.url).searchParams.get("category"));
  const articles = BLOG_ARTICLES.filter(
    (article) => category === null || article.category === category,
  ).map(({ body: _body, ...summary }) => summary);
  return { category, articles };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const category = loaderData?.category;
  return [
    {
      title: category
        ? `${category} | Wellness Blog | Satara Ayurveda`
        : "Wellness Blog | Satara Ayurveda",
    },
    {
      name: "description",
      content:
        "Practical, plain-language articles on Ayurveda basics, herbs and remedies, daily routines and nutrition from the team at Satara Ayurveda.",
    },
  ];
};

const TABS: { label: string; category: BlogCategory | null }[] = [
  { label: "All", category: null },
  ...BLOG_CATEGORIES.map((category) => ({ label: category, category })),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { category, articles } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
      <header className="mx-auto mb-10 grid max-w-3xl gap-3 text-center">
        <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">
          Wellness Blog
        </h1>
        <p className="text-lg text-muted-foreground">
          Practical guides to Ayurveda, traditional herbs, daily routines and mindful eating,
          written by our team in Satara.
        </p>
      </header>

      <nav aria-label="Blog categories" className="mb-8 flex justify-center">
        <ul className="inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground">
          {TABS.map((tab) => {
            const selected = tab.category === category;
            return (
              <li key={tab.label}>
                <Link
                  to={tab.category ? `?category=${categorySlug(tab.category)}` : "/blog"}
                  preventScrollReset
                  aria-current={selected ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-sm transition-colors hover:text-foreground",
                    selected && "bg-card text-primary shadow-sm",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-label={category ? `${category} articles` : "All articles"}>
        {articles.length === 0 ? (
          <p className="text-center text-muted-foreground">No articles in this category yet.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.slug}>
                <article className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm transition hover:border-primary hover:shadow">
                  <Badge variant="secondary">{article.category}</Badge>
                  <h2 className="font-display font-semibold text-xl leading-snug">
                    <Link
                      to={`/blog/${article.slug}`}
                      className="hover:text-primary hover:underline"
                    >
                      {article.title}
                    </Link>
                  </h2>
                  <p className="text-muted-foreground text-sm leading-relaxed">{article.excerpt}</p>
                  <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-muted-foreground text-xs">
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays className="size-3.5" aria-hidden="true" />
                      <time dateTime={article.publishedOn}>
                        {formatLongDate(article.publishedOn)}
                      </time>
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden="true" />
                      {article.readingMinutes} min read
                    </span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
