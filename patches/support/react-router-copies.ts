import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { createContext, createElement as h, type ReactNode, useContext } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * React Router's production build twice, as it ships and with a patch applied, each copy loaded on
 * its own and serving one small app through `createRequestHandler`, so a test can compare what the
 * two render. The copies live under node_modules/.cache, beside the packages they import; React
 * Router's own cookie and set-cookie-parser (which differ from those at the top) come along.
 */
const requireHere = createRequire(import.meta.url);
const PACKAGE = path.dirname(requireHere.resolve("react-router/package.json"));
const PRODUCTION = path.join(PACKAGE, "dist/production");
const VERSION = JSON.parse(fs.readFileSync(path.join(PACKAGE, "package.json"), "utf8")).version;

type ReactRouter = typeof import("react-router");

export async function reactRouterCopy(name: string, patch: (code: string) => string | null) {
  const base = path.resolve("node_modules/.cache/shop-patches");
  fs.mkdirSync(base, { recursive: true });
  const root = fs.mkdtempSync(path.join(base, `react-router-${VERSION}-${name}-`));
  const dir = path.join(root, "dist/production");
  fs.mkdirSync(dir, { recursive: true });
  for (const file of fs.readdirSync(PRODUCTION)) {
    if (!file.endsWith(".mjs")) continue;
    const code = fs.readFileSync(path.join(PRODUCTION, file), "utf8");
    fs.writeFileSync(path.join(dir, file), patch(code) ?? code);
  }
  fs.mkdirSync(path.join(root, "node_modules"));
  for (const dependency of ["cookie", "set-cookie-parser"]) {
    const own = path.join(PACKAGE, "node_modules", dependency);
    const target = fs.existsSync(own)
      ? own
      : path.dirname(requireHere.resolve(`${dependency}/package.json`));
    fs.symlinkSync(target, path.join(root, "node_modules", dependency), "dir");
  }
  try {
    return (await import(pathToFileURL(path.join(dir, "index.mjs")).href)) as ReactRouter;
  } finally {
    // Loaded whole: the production build imports nothing of its own later.
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The whole document, its Suspense boundaries resolved, as the shop renders it for a crawler. */
function renderWhole(node: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(node, {
      onAllReady: () => pipe(body),
      onShellError: reject,
    });
  });
}

/** An entry route of the assets manifest: the parts the server render reads. */
function entryRoute(id: string, parentId: string | undefined, route: Record<string, unknown>) {
  return {
    id,
    parentId,
    ...route,
    module: `/assets/${id}.js`,
    imports: [`/assets/${id}-chunk.js`, "/assets/shared-chunk.js"],
    css: id === "root" ? ["/assets/root.css"] : [],
    hasAction: false,
    hasLoader: Boolean(route.hasLoader),
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === "root",
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

const ThisCopy = createContext<ReactRouter | null>(null);
const useCopy = () => useContext(ThisCopy)!;

function Root() {
  const { Links, Meta, Outlet, Scripts } = useCopy();
  return h(
    "html",
    { lang: "en" },
    h("head", null, h(Meta), h(Links)),
    h("body", null, h(Outlet), h(Scripts)),
  );
}
const Home = () => h("h1", null, "Home");
function Product() {
  const { useLoaderData, useParams } = useCopy();
  const data = useLoaderData() as { name: string };
  return h("h1", null, `${data.name} (${useParams().slug})`);
}
function Account() {
  return h("section", null, h("h1", null, "Account"), h(useCopy().Outlet));
}
const Orders = () => h("p", null, "Orders");
function RootError() {
  const error = useCopy().useRouteError() as { status?: number };
  return h("p", null, `Something went wrong (${error.status})`);
}

/**
 * A request handler for a small app (a root with a layout, an index, a page with a parameter and
 * a loader, a nested account area, a 404) rendered with `router`'s own components.
 */
export function smallApp(router: ReactRouter) {
  const routes: Record<
    string,
    { parentId?: string; route: Record<string, unknown>; module: object }
  > = {
    root: {
      route: { path: "" },
      module: { default: Root, ErrorBoundary: RootError },
    },
    home: { parentId: "root", route: { index: true }, module: { default: Home } },
    product: {
      parentId: "root",
      route: { path: "products/:slug", hasLoader: true },
      module: {
        default: Product,
        loader: ({ params }: { params: { slug: string } }) => ({ name: `Product ${params.slug}` }),
        meta: ({ params }: { params: { slug: string } }) => [{ title: `Product ${params.slug}` }],
      },
    },
    account: { parentId: "root", route: { path: "account" }, module: { default: Account } },
    orders: { parentId: "account", route: { path: "orders" }, module: { default: Orders } },
    notFound: {
      parentId: "root",
      route: { path: "*", hasLoader: true },
      module: {
        loader: () => {
          throw router.data("Not found", { status: 404 });
        },
      },
    },
  };
  const build = {
    entry: {
      module: {
        default: (
          request: Request,
          status: number,
          headers: Headers,
          context: Parameters<typeof router.ServerRouter>[0]["context"],
        ) => {
          headers.set("Content-Type", "text/html");
          return renderWhole(
            h(
              ThisCopy.Provider,
              { value: router },
              h(router.ServerRouter, { context, url: request.url }),
            ),
          ).then((html) => new Response(html, { status, headers }));
        },
      },
    },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, { parentId, route, module }]) => [
        id,
        { id, parentId, ...route, module },
      ]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/shared-chunk.js"] },
      routes: Object.fromEntries(
        Object.entries(routes).map(([id, { parentId, route }]) => [
          id,
          entryRoute(id, parentId, route),
        ]),
      ),
      url: "/assets/manifest-1.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  const handler = router.createRequestHandler(
    build as unknown as Parameters<typeof router.createRequestHandler>[0],
    "production",
  );
  return async (pathname: string) => {
    const response = await handler(new Request(`http://shop.test${pathname}`));
    return { status: response.status, html: await response.text() };
  };
}

/** Paths that match different routes, parameters and parents, each asked for twice. */
export const SMALL_APP_PATHS = [
  "/",
  "/products/ashwagandha",
  "/products/triphala",
  "/account",
  "/account/orders",
  "/no/such/page",
];
