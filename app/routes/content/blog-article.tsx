import { data, isRouteErrorResponse, Link } from "react-router";
import { PROSE_CLASSES } from "~/components/content/prose-page";
import { ArrowLeft, CalendarDays, Clock } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { categorySlug, findArticle } from "~/content/blog-articles";
import { formatLongDate } from "~/content/policy";
import type { Route } from "./+types/blog-article";

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const article = loaderData?.article;
  if (!article) return [{ title: "Article not found | Satara Ayurveda" }];
  return [
    { title: `${article.title} | Satara Ayurveda` },
    { name: "description", content: article.excerpt },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.excerpt },
  ];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <Link
        to="/blog"
        className="mb-8 inline-flex items-center gap-1.5 text-primary text-sm underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Wellness Blog
      </Link>
      <header className="mb-8 grid gap-4 border-border border-b pb-6">
        <Link to={`/blog?category=${categorySlug(article.category)}`} className="w-fit">
          <Badge variant="secondary">{article.category}</Badge>
        </Link>
        <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">
          {article.title}
        </h1>
        <p className="text-lg text-muted-foreground">{article.excerpt}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={article.publishedOn}>{formatLongDate(article.publishedOn)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            {article.readingMinutes} min read
          </span>
        </p>
      </header>
      <div className={PROSE_CLASSES}>
        {article.body.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <aside className="mt-10 rounded-xl bg-secondary p-5 text-secondary-foreground text-sm leading-relaxed">
        This article is for general information only and is not a substitute for advice from your
        doctor. Please consult a qualified practitioner before starting any new remedy, especially
        if you are pregnant, breastfeeding, taking medicines or managing a health condition.
      </aside>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
          More articles
        </Link>
        <Link to="/products" className={buttonVariants()}>
          Browse products
        </Link>
      </div>
    </article>
  );
}

/** An unknown slug: the article does not exist (404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <h1 className="font-display text-3xl text-primary">
        {notFound ? "Article not found" : "Something went wrong"}
      </h1>
      <p className="text-muted-foreground">
        {notFound
          ? "The article you are looking for does not exist or has moved."
          : "This article could not be shown. Please try again in a moment."}
      </p>
      <Link to="/blog" className={buttonVariants({ size: "lg" })}>
        Back to Wellness Blog
      </Link>
    </section>
  );
}
