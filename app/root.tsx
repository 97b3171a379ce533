import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { deferred } from "./components/deferred";
import { useNonce } from "./components/nonce";
import { ShowToast } from "./components/show-toast";
import { shownEmail } from "./domain/mobile-number";
import { takeToast } from "./lib/toast.server";
import { getHeaderCounts } from "./modules/accounts/header-counts.server";
import { getCurrentUser } from "./modules/accounts/session.server";
import { getShopIdentity } from "./modules/settings/shop-identity.server";

const Toaster = deferred(() => import("./components/ui/toaster").then((module) => module.Toaster));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounts } = context.services;
  const [user, counts, shop, { toast, headers }] = await Promise.all([
    getCurrentUser(accounts, request),
    getHeaderCounts(accounts, request),
    getShopIdentity(context.services.db),
    takeToast(context.services.signer, request),
  ]);
  return data(
    {
      user: user
        ? {
            id: user.id,
            fullName: user.fullName,
            email: shownEmail(user.email),
            isAdmin: user.isAdmin,
          }
        : null,
      counts,
      shop,
      toast,
    },
    { headers },
  );
}

/**
 * Every form submission re-reads the root data, even when the action answered with an error:
 * that is how a toast set by the action reaches the page, and header counts stay current.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod !== "GET" ? true : defaultShouldRevalidate);

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data from any route component (user, shop identity, header counts). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The page says when React has taken it over (after the first effects, so every component
  // that renders differently once hydrated has done so); the browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5b3a" />
        {/*
          With a precedence React sends the stylesheet before the scripts' module preloads: the
          page cannot paint until it has arrived, so it goes first on a slow connection.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster />
      <ShowToast toast={toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    detail = typeof error.data === "string" ? error.data : detail;
  }
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | Satara Ayurveda`}</title>
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="text-muted-foreground">{detail}</p>
      <a className="text-primary underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
