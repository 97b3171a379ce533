import { expect, test } from "@playwright/test";
import { nodeMajor, PINNED_MAJOR } from "../../scripts/support/node-runtime.mjs";

test("every page carries the security headers", async ({ request }) => {
  // A page rendered per request allows its inline scripts by nonce; a signed-out visitor's
  // storefront page, kept in the page cache, by their hashes (docs/decisions/033).
  for (const [path, inlineScripts] of [
    ["/auth", /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;| https)/],
    ["/", /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+(;| https)/],
  ] as const) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Forms post to the shop alone; the contact form opens the mail client by a link.
    expect(headers["content-security-policy"]).toMatch(/(^|; )form-action 'self'(;|$)/);
    expect(headers["content-security-policy"], path).toMatch(inlineScripts);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-request-id"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
  }
});

test("/healthz says the process is alive, /readyz that it may take requests", async ({
  request,
}) => {
  const alive = await request.get("/healthz");
  expect(alive.status()).toBe(200);
  expect(await alive.text()).toBe("ok");
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.text()).toBe("ready");
  expect(ready.headers()["cache-control"]).toBe("no-store");
});

test("/metrics answers this machine in Prometheus' format, and no visitor", async ({ request }) => {
  await request.get("/product/no-such-product");
  const scrape = await request.get("/metrics");
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await scrape.text();
  // Labelled by route pattern, not by address.
  expect(text).toMatch(
    /shop_http_request_duration_seconds_count\{method="GET",route="\/product\/:id",status="404"\} [1-9]/,
  );
  expect(text).not.toContain("no-such-product");
  // The same request passed on by a proxy on this machine comes from the visitor.
  const fromVisitor = await request.get("/metrics", {
    headers: { "x-forwarded-for": "203.0.113.7" },
  });
  expect(fromVisitor.status()).toBe(403);
});

test("hashed assets are cached immutably and compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const src = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(src).toBeTruthy();
  const asset = await request.get(src!, { headers: { "accept-encoding": "gzip" } });
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["content-encoding"]).toBe("gzip");
});

test("the home page shows the demo catalog without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Mauli Shatavaryadi Kalpa", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
  await context.close();
});

test("the shop under test and this test run on the pinned Node.js", async ({ request }) => {
  // Playwright's web server starts the build with `node` from PATH (scripts/e2e-server.mjs);
  // the shop's metrics name the Node.js it runs on (docs/decisions/078).
  const text = await (await request.get("/metrics")).text();
  const major = /nodejs_version_info\{[^}]*major="(\d+)"/.exec(text)?.[1];
  expect(Number(major), "the major in nodejs_version_info").toBe(PINNED_MAJOR);
  expect(nodeMajor(), `this Playwright worker: ${process.version}`).toBe(PINNED_MAJOR);
});
