/**
 * npm run bench: the production build under load, beside a plain Node server sending the same
 * product page's bytes (the ceiling of this machine) and one sending them with the shop's own
 * headers (the ceiling of the response its page cache sends), in one run. Embedded PGlite by
 * default; BENCH_DATABASE_URL names a PostgreSQL server, on which a fresh database is created and
 * dropped. It prints one table and writes it to test-results/bench.json. It asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import type autocannon from "autocannon";
import {
  BUYERS,
  CONNECTIONS,
  ceilingServer,
  checkoutRound,
  load,
  PRODUCT,
  type Row,
  repeatableHeaders,
  residentMegabytes,
  row,
  SECONDS,
} from "./support/bench-load";
import {
  chosenSizeOn,
  newCustomer,
  ownerSession,
  postForm,
  productIdOn,
  startProductionShop,
} from "./support/production-shop";

/**
 * The steady checkout round: orders arriving at this rate in all, four at a time (autocannon
 * paces each connection on its own, so its connections send together): 50 a second is four
 * orders every 80 ms.
 */
const STEADY_ORDERS_PER_SECOND = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 50);
const STEADY_CONNECTIONS = 4;

const shop = await startProductionShop({ databaseUrl: process.env.BENCH_DATABASE_URL });
const rows: Row[] = [];
try {
  await fetch(`${shop.base}${PRODUCT}`);
  // Kept by the page cache now: what each request of the rounds below is sent (they ask for no
  // compression, as autocannon's parser is slower with a compressed body than any server).
  const answer = await fetch(`${shop.base}${PRODUCT}`, {
    headers: { "accept-encoding": "identity" },
  });
  const page = Buffer.from(await answer.arrayBuffer());
  const ceiling = await ceilingServer(page);
  const plain = row(
    "plain Node, same product page bytes (ceiling)",
    await load({ url: ceiling.url }),
  );
  ceiling.close();
  rows.push(plain);
  const withHeaders = await ceilingServer(page, repeatableHeaders(answer));
  const sameResponse = row(
    "plain Node, same bytes and the shop's headers",
    await load({ url: withHeaders.url }),
  );
  withHeaders.close();
  rows.push(sameResponse);

  for (const [name, pathName] of [
    ["anonymous home", "/"],
    ["anonymous listing", "/products"],
    ["anonymous product page", PRODUCT],
    ["anonymous search", "/products?search=churna"],
  ] as const) {
    rows.push(row(name, await load({ url: `${shop.base}${pathName}` })));
  }

  // Customers for the signed-in pages, adding to the cart (one per connection, so no cart passes
  // its limit of 10) and the checkout; 90 sign-ups stay under the 100 an address may make an hour.
  const productId = productIdOn(page.toString());
  // The cart keeps sizes: an add names the product and its size, a change of quantity the size.
  const variantId = chosenSizeOn(page.toString());
  const buyers: string[] = [];
  for (let i = 0; i < Math.max(BUYERS, CONNECTIONS); i++) {
    const cookie = await newCustomer(shop.base);
    await postForm(shop.base, "/cart", cookie, {
      intent: "add",
      productId,
      variantId,
      quantity: "1",
    });
    buyers.push(cookie);
  }
  const shopper = buyers[0]!;
  rows.push(
    row(
      "signed-in product page, a customer",
      await load({ url: `${shop.base}${PRODUCT}`, headers: { cookie: shopper } }),
    ),
  );
  rows.push(
    row(
      "signed-in product page, the owner",
      await load({
        url: `${shop.base}${PRODUCT}`,
        headers: { cookie: await ownerSession(shop.base) },
      }),
    ),
  );
  rows.push(
    row("signed-in cart", await load({ url: `${shop.base}/cart`, headers: { cookie: shopper } })),
  );

  // Each add is followed by setting that cart back to 1. Buyers are taken in turn for each pair,
  // so two connections may work on one cart at a time, as two tabs of one shopper would.
  let client = 0;
  rows.push(
    row(
      "add to cart",
      await load({
        url: `${shop.base}/cart`,
        method: "POST",
        headers: { origin: shop.base, "content-type": "application/x-www-form-urlencoded" },
        requests: ["add", "set-quantity"].map((intent) => ({
          setupRequest: (request: autocannon.Request, context: { cookie?: string }) => {
            context.cookie ??= buyers[client++ % CONNECTIONS]!;
            return {
              ...request,
              headers: { ...request.headers, cookie: context.cookie },
              body: new URLSearchParams(
                intent === "add"
                  ? { intent, productId, variantId, quantity: "1" }
                  : { intent, variantId, quantity: "1" },
              ).toString(),
            };
          },
        })),
      }),
    ),
  );

  // Checkout: each buyer places one cash-on-delivery order for what is in their cart, first all
  // at once (16 at a time), then at a steady rate, as orders would arrive at a busy hour.
  rows.push(
    await checkoutRound(
      shop.base,
      `checkout, cash on delivery (${BUYERS} buyers, orders/s)`,
      buyers,
    ),
  );
  for (const cookie of buyers) {
    await postForm(shop.base, "/cart", cookie, {
      intent: "add",
      productId,
      variantId,
      quantity: "1",
    });
  }
  rows.push(
    await checkoutRound(
      shop.base,
      `checkout at ${STEADY_ORDERS_PER_SECOND} orders/s, ${STEADY_CONNECTIONS} at a time (orders/s)`,
      buyers,
      { ordersPerSecond: STEADY_ORDERS_PER_SECOND, connections: STEADY_CONNECTIONS },
    ),
  );

  const share = (rate: number, of: Row) => `${((rate / of.requestsPerSecond) * 100).toFixed(1)} %`;
  for (const entry of rows) {
    entry.ofCeiling = share(entry.requestsPerSecond, plain);
    if (entry.name.startsWith("anonymous")) {
      entry.ofSameResponse = share(entry.requestsPerSecond, sameResponse);
    }
  }
  const memory = residentMegabytes(shop.pid);
  console.table(rows);
  console.log(`shop process resident memory after the run: ${memory} MB`);
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(
    "test-results/bench.json",
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        database: process.env.BENCH_DATABASE_URL ? "postgresql" : "pglite",
        connections: CONNECTIONS,
        seconds: SECONDS,
        cpus: os.availableParallelism(),
        residentMegabytes: memory,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log("written to test-results/bench.json");
} finally {
  await shop.stop();
}
