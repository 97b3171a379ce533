import { CONTENT_PAGES } from "~/content/pages";
import { getEnv } from "~/lib/env.server";
import { sitemapEntries } from "~/modules/catalog/sitemap.server";
import type { Route } from "./+types/sitemap";

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** /sitemap.xml: home, products, categories and content pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = getEnv().PUBLIC_URL;
  const { products, categories } = await sitemapEntries(context.services.db);
  const urls = [
    { path: "/", updatedAt: null },
    { path: "/products", updatedAt: null },
    { path: "/categories", updatedAt: null },
    ...CONTENT_PAGES.map((page) => ({ path: page.path, updatedAt: null })),
    ...categories,
    ...products,
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (url) =>
        `<url><loc>${escapeXml(base + url.path)}</loc>${
          url.updatedAt ? `<lastmod>${url.updatedAt.toISOString().slice(0, 10)}</lastmod>` : ""
        }</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
