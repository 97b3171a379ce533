import { data, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/not-found";

/** docs/SPEC.md §2: any other path shows the 404 page; the path is logged. */
export function loader({ url }: Route.LoaderArgs) {
  logger.warn({ path: url.pathname }, "page not found");
  return data({ path: url.pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Satara Ayurveda" }];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <p className="font-display font-semibold text-7xl text-primary">404</p>
      <h1 className="font-display text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants({ size: "lg" })}>
        Return to Home
      </Link>
    </section>
  );
}
