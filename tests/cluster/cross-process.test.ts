/**
 * The shop behind a load balancer: three processes of the production build on one PostgreSQL
 * database, reached through a proxy that sends each request to the next process in turn. Nothing a
 * customer or the owner does may depend on which process served it: sessions, carts, stock,
 * coupon limits, rate limits, the live offers, the page cache and the background jobs all have to
 * agree across processes.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupeesShort } from "~/domain/money";
import { readEventStream } from "./event-stream";
import {
  createClusterDatabase,
  errorLines,
  freePorts,
  logLines,
  ShopCluster,
  sharedSecret,
} from "./processes";
import { type RoundRobin, startRoundRobin } from "./round-robin";
import { type Answer, Visitor } from "./visitor";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const PROCESSES = 3;
const ADMIN = { email: "owner@shop.example", password: "cluster-owner-password" };
const PASSWORD = "herbal-secret";
const SESSION_COOKIE = "shop.session_token";
/** The shop's own town (the checkout's default): cash on delivery is offered there. */
const ADDRESS = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar, Rajwada",
  addressLine2: "",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};
const ORDERS_TAB = "/profile?tab=orders";

type ClusterDatabase = Awaited<ReturnType<typeof createClusterDatabase>>;

describe.skipIf(!SERVER_URL)("the shop on three processes sharing one PostgreSQL database", () => {
  let database: ClusterDatabase;
  let proxy: RoundRobin;
  let cluster: ShopCluster;
  let ports: number[];
  let addresses = 0;

  beforeAll(async () => {
    database = await createClusterDatabase(SERVER_URL!);
    ports = await freePorts(PROCESSES);
    proxy = await startRoundRobin(ports);
    cluster = new ShopCluster({
      databaseUrl: database.url,
      publicUrl: proxy.url,
      ports,
      env: {
        AUTH_SECRET: sharedSecret(),
        SEED: "demo",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CARD_PAYMENTS: "test",
        TRUST_PROXY: "loopback",
        WEB_CONCURRENCY: "1",
        LOG_LEVEL: "warn",
      },
    });
    // All three at once, on an empty database: migrations, the demo catalog and the owner's
    // account must each be made once whichever process gets there first.
    await cluster.start();
  });

  afterAll(async () => {
    await cluster?.close();
    await proxy?.close();
    await database?.drop();
  });

  /** A new browser with an address of its own, so the per-address limits do not mix visitors. */
  function browser(ip?: string) {
    addresses += 1;
    return new Visitor(
      proxy.url,
      ip ?? `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    );
  }

  async function query<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
    const result = await database.pool.query<Row>(text, values);
    return result.rows;
  }

  async function productBySlug(slug: string) {
    const [row] = await query<{
      id: string;
      variant_id: string;
      name: string;
      price: number;
      discount_price: number | null;
      stock_quantity: number;
    }>(
      // The demo products have one pack size each (docs/decisions/056).
      `select p.id, v.id as variant_id, p.name, v.price, v.discount_price, v.stock_quantity
       from products p join product_variants v on v.product_id = p.id where p.slug = $1`,
      [slug],
    );
    if (!row) throw new Error(`no product ${slug} in the demo catalog`);
    return row;
  }

  /** The stock of the product's first size (a one-size product's only one). */
  async function stockOf(productId: string) {
    const [row] = await query<{ stock_quantity: number }>(
      "select stock_quantity from product_variants where product_id = $1 order by sort_order, id limit 1",
      [productId],
    );
    return row?.stock_quantity;
  }

  /** Asks `read` again every 200 ms until `done` says yes or `timeoutMs` passed; the last value. */
  async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      value = await read();
    }
    return value;
  }

  /** The mails every process wrote to its outbox (no SMTP server) under `subject`. */
  function mailsWritten(subject: string) {
    return cluster.processes.flatMap((shop) => {
      const outbox = path.join(shop.dataDir, "outbox");
      if (!fs.existsSync(outbox)) return [];
      return fs
        .readdirSync(outbox)
        .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
        .filter((text) => text.includes(`\nSubject: ${subject}\n`));
    });
  }

  /** Signs a new customer up through the proxy, as the sign-up form posts without scripts. */
  async function signUp(visitor = browser()) {
    const email = `cluster.${randomUUID().slice(0, 12)}@gmail.com`;
    const answer = await visitor.postForm("/auth", {
      intent: "sign-up",
      fullName: ADDRESS.fullName,
      email,
      password: PASSWORD,
    });
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(visitor.hasCookie(SESSION_COOKIE)).toBe(true);
    return { visitor, email };
  }

  /** The owner, signed in through the back office's login form. */
  async function signInOwner() {
    const owner = browser();
    const answer = await owner.postForm("/admin/login", ADMIN);
    expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    expect(answer.location).toBe("/admin/dashboard");
    return owner;
  }

  async function addToCart(visitor: Visitor, productId: string, quantity = 1, port?: number) {
    const answer = await visitor.postForm(
      "/cart",
      { intent: "add", productId, quantity: String(quantity) },
      { port },
    );
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  }

  /** The checkout form as the page renders it: the address plus the page's key and quote. */
  async function checkoutForm(visitor: Visitor, paymentMethod: "cod" | "razorpay" = "cod") {
    const page = await visitor.get("/checkout");
    expect(page.status, page.location).toBe(200);
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(page.body)?.[1];
    const quote = /name="quote" value="([^"]+)"/.exec(page.body)?.[1];
    expect(idempotencyKey).toBeDefined();
    expect(quote).toBeDefined();
    return {
      ...ADDRESS,
      paymentMethod,
      shippingMethod: "standard",
      idempotencyKey: idempotencyKey!,
      quote: quote!,
    };
  }

  /** "Place Order" as the hydrated checkout page submits it. */
  function placeOrder(visitor: Visitor, form: Record<string, string>) {
    return visitor.postData("/checkout", form);
  }

  /** React Router's answer to a fetch whose action redirected (202 and the target in the body). */
  function redirectedTo(answer: Answer) {
    if (answer.status !== 202) return null;
    return /"redirect","([^"]+)"/.exec(answer.body)?.[1] ?? null;
  }

  function countBy<T>(items: T[], key: (item: T) => string | number | null) {
    const counts: Record<string, number> = {};
    for (const item of items) {
      const name = String(key(item));
      counts[name] = (counts[name] ?? 0) + 1;
    }
    return counts;
  }

  /** Requests of one burst, spread by the proxy: as even as round robin makes them. */
  function expectEvenSpread(answers: Answer[]) {
    const perProcess = Object.values(countBy(answers, (answer) => answer.backend));
    const low = Math.floor(answers.length / PROCESSES);
    expect(perProcess).toHaveLength(PROCESSES);
    for (const count of perProcess) expect([low, low + 1]).toContain(count);
  }

  it("a session signed in through one process is honoured by the others, and signed out everywhere", async () => {
    const { email } = await signUp();
    const customer = browser();
    const signedIn = await customer.postForm("/auth", {
      intent: "sign-in",
      email,
      password: PASSWORD,
    });
    expect(signedIn.status, signedIn.body.slice(0, 300)).toBe(302);
    expect(customer.hasCookie(SESSION_COOKIE)).toBe(true);
    const signedInOn = signedIn.backend!;

    for (const port of ports) {
      const profile = await customer.get("/profile", { port });
      expect(profile.status, `GET /profile on port ${port}`).toBe(200);
      expect(profile.body).toContain(email);
    }

    // The same cookie kept by another tab, to show the session itself ended, not just the cookie.
    const otherTab = browser(customer.ip);
    customer.copyCookiesTo(otherTab);
    const signOutPort = ports[(signedInOn + 1) % PROCESSES]!;
    const signedOut = await customer.postForm("/sign-out", {}, { port: signOutPort });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe("/");
    expect(customer.hasCookie(SESSION_COOKIE)).toBe(false);

    for (const port of ports) {
      const profile = await otherTab.get("/profile", { port });
      expect(profile.status, `GET /profile on port ${port} after signing out`).toBe(302);
      expect(profile.location).toBe(`/auth?redirectTo=${encodeURIComponent("/profile")}`);
    }
  });

  it("a cart filled through one process shows the same items on the others", async () => {
    const { visitor } = await signUp();
    const giloy = await productBySlug("giloy-ghan-vati");
    const amla = await productBySlug("amla-juice");
    await addToCart(visitor, giloy.id, 3, ports[0]);
    await addToCart(visitor, amla.id, 1, ports[0]);

    for (const port of ports.slice(1)) {
      const cart = await visitor.get("/cart", { port });
      expect(cart.status).toBe(200);
      const quantities = [giloy, amla].map((product) => {
        // A cart line is a pack size (docs/decisions/056).
        const input = new RegExp(`<input[^>]*id="quantity-${product.variant_id}"[^>]*>`).exec(
          cart.body,
        );
        return [product.name, /value="(\d+)"/.exec(input?.[0] ?? "")?.[1]];
      });
      expect(quantities, `the cart on port ${port}`).toEqual([
        [giloy.name, "3"],
        [amla.name, "1"],
      ]);
    }
  });

  it("50 customers ordering the last 5 units at once across the processes: exactly 5 orders", async () => {
    const product = await productBySlug("jatamansi-capsule");
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp()));
    await Promise.all(buyers.map(({ visitor }) => addToCart(visitor, product.id)));
    const forms = await Promise.all(buyers.map(({ visitor }) => checkoutForm(visitor)));
    // The owner's stock count, as the back office's stock field would set it.
    await query("update product_variants set stock_quantity = 5 where product_id = $1", [
      product.id,
    ]);

    const answers = await Promise.all(
      buyers.map(({ visitor }, index) => placeOrder(visitor, forms[index]!)),
    );

    expectEvenSpread(answers);
    const outcomes = answers.map((answer, index) => {
      if (redirectedTo(answer) === ORDERS_TAB) return "placed";
      const toast = buyers[index]!.visitor.toast();
      // Refused for the last units: back to the cart, whose toast names the product.
      if (
        redirectedTo(answer) === "/cart" &&
        toast?.description === `${product.name} is out of stock`
      ) {
        return "out of stock";
      }
      return `${answer.status} ${JSON.stringify(toast)} ${answer.body.slice(0, 200)}`;
    });
    expect(countBy(outcomes, (outcome) => outcome)).toEqual({ placed: 5, "out of stock": 45 });

    expect(await stockOf(product.id)).toBe(0);
    const [sold] = await query<{ orders: number; units: number }>(
      `select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as units
         from orders o join order_items i on i.order_id = o.id
        where i.product_id = $1`,
      [product.id],
    );
    expect(sold).toEqual({ orders: 5, units: 5 });

    // Every process sends order mails from the one outbox: each mail goes out once.
    const numbers = (
      await query<{ order_number: string }>(
        `select o.order_number from orders o join order_items i on i.order_id = o.id
          where i.product_id = $1`,
        [product.id],
      )
    ).map((row) => row.order_number);
    const unsent = await poll(
      async () =>
        (
          await query<{ unsent: number }>(
            `select count(*)::int as unsent from background_jobs m
               join orders o on o.id::text = m.payload->>'about'
              where m.kind = 'mail' and o.order_number = any($1) and m.state <> 'done'`,
            [numbers],
          )
        )[0]?.unsent,
      (count) => count === 0,
    );
    expect(unsent).toBe(0);
    expect(
      numbers.map((number) => [
        mailsWritten(`Order confirmed: ${number}`).length,
        mailsWritten(`New order ${number}`).length,
      ]),
    ).toEqual(numbers.map(() => [1, 1]));
  });

  it("a coupon limited to 3 uses, redeemed by 50 customers at once across the processes: exactly 3", async () => {
    const owner = await signInOwner();
    const code = `TRIO${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await owner.postForm("/admin/coupons", {
      intent: "create",
      code,
      discountType: "percentage",
      discountValue: "10",
      usageLimit: "3",
      isActive: "on",
    });
    expect(created.status, created.body.slice(0, 300)).toBe(200);
    const product = await productBySlug("triphala-churna");
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp()));
    await Promise.all(buyers.map(({ visitor }) => addToCart(visitor, product.id)));
    for (const applied of await Promise.all(
      buyers.map(({ visitor }) => visitor.postData("/cart", { intent: "apply-coupon", code })),
    )) {
      expect(applied.status).toBe(200);
    }
    const forms = await Promise.all(buyers.map(({ visitor }) => checkoutForm(visitor)));

    const answers = await Promise.all(
      buyers.map(({ visitor }, index) => placeOrder(visitor, forms[index]!)),
    );

    expectEvenSpread(answers);
    const outcomes = answers.map((answer, index) => {
      if (redirectedTo(answer) === ORDERS_TAB) return "placed";
      const toast = buyers[index]!.visitor.toast();
      if (
        answer.status === 409 &&
        toast?.description === "Coupon limit reached! This coupon has been fully redeemed"
      ) {
        return "coupon used up";
      }
      return `${answer.status} ${JSON.stringify(toast)} ${answer.body.slice(0, 200)}`;
    });
    expect(countBy(outcomes, (outcome) => outcome)).toEqual({ placed: 3, "coupon used up": 47 });

    const [coupon] = await query<{ used_count: number; redemptions: number; orders: number }>(
      `select c.used_count,
              (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions,
              (select count(*)::int from orders o where o.coupon_code = c.code) as orders
         from coupons c where c.code = $1`,
      [code],
    );
    expect(coupon).toEqual({ used_count: 3, redemptions: 3, orders: 3 });
  });

  it("failed sign-ins spread over the processes are limited in total, not per process", async () => {
    const { email } = await signUp();
    // One attacker's address trying one account: 10 attempts per 15 minutes in all.
    const attacker = browser();
    const attempts = await Promise.all(
      Array.from({ length: 15 }, () =>
        attacker.postForm("/auth", { intent: "sign-in", email, password: "wrong-password" }),
      ),
    );
    expectEvenSpread(attempts);
    expect(countBy(attempts, (answer) => answer.status)).toEqual({ 400: 10, 429: 5 });
    // Every process refuses the next attempt, even the right password, from that address.
    for (const port of ports) {
      const answer = await attacker.postForm(
        "/auth",
        { intent: "sign-in", email, password: PASSWORD },
        { port },
      );
      expect(answer.status, `sign-in on port ${port}`).toBe(429);
    }
    // Another address is not held back by the attacker's attempts on this account.
    const owner = browser();
    const signedIn = await owner.postForm("/auth", {
      intent: "sign-in",
      email,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(302);
  });

  it("a coupon created or changed through one process reaches the live offers streams of the others", async () => {
    const owner = await signInOwner();
    const [processA, processB, processC] = ports as [number, number, number];
    const isVersion = (event: { event: string }) => event.event === "version";
    const isChange = (event: { event: string }) => event.event === "coupons";
    // The home page's stream on process B, and one a visitor opened through the proxy.
    const onB = await readEventStream(browser().open("/api/events/offers", { port: processB }));
    const viaProxy = await readEventStream(browser().open("/api/events/offers"));
    try {
      for (const stream of [onB, viaProxy]) {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toMatch(/^text\/event-stream/);
        await stream.waitFor(isVersion);
        expect(stream.events.map((event) => event.event)).toEqual(["version"]);
      }
      expect(viaProxy.backend).not.toBeNull();
      const before = onB.events[0]!.data;

      const code = `LIVE${randomUUID().slice(0, 6).toUpperCase()}`;
      const fields = { code, discountType: "percentage", discountValue: "12", isActive: "on" };
      const created = await owner.postForm(
        "/admin/coupons",
        { intent: "create", ...fields },
        { port: processA },
      );
      expect(created.status, created.body.slice(0, 300)).toBe(200);
      const heardCreate = await Promise.all(
        [onB, viaProxy].map((stream) => stream.waitFor(isChange, { timeoutMs: 5_000 })),
      );

      // A page opening now, on yet another process, is told the offers it shows are out of date.
      const later = await readEventStream(browser().open("/api/events/offers", { port: processC }));
      const after = await later.waitFor(isVersion);
      later.close();
      expect(after.data).not.toBe(before);

      const [coupon] = await query<{ id: string }>("select id from coupons where code = $1", [
        code,
      ]);
      const edited = await owner.postForm(
        "/admin/coupons",
        { intent: "update", id: coupon!.id, ...fields, discountValue: "18" },
        { port: processC },
      );
      expect(edited.status, edited.body.slice(0, 300)).toBe(200);
      // One announcement per saved change: the edit's is the next one on each stream.
      await Promise.all(
        [onB, viaProxy].map((stream, index) =>
          stream.waitFor(isChange, {
            from: stream.events.indexOf(heardCreate[index]!) + 1,
            timeoutMs: 5_000,
          }),
        ),
      );
      for (const stream of [onB, viaProxy]) {
        expect(stream.events.map((event) => event.event)).toEqual([
          "version",
          "coupons",
          "coupons",
        ]);
      }
    } finally {
      onB.close();
      viaProxy.close();
    }
  });

  it("a price changed through one process's back office is shown by every process's page cache", async () => {
    const product = await productBySlug("amla-juice");
    const pagePath = "/product/amla-juice";
    const visitorFor = () => browser();
    // As the product page shows prices: whole rupees without paise, these with.
    const oldPrice = formatRupeesShort(product.discount_price ?? product.price);
    const newPaise = 98_765;
    const newPrice = formatRupeesShort(newPaise);

    for (const port of ports) {
      const first = await visitorFor().get(pagePath, { port });
      const second = await visitorFor().get(pagePath, { port });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.headers["x-cache"], second.headers["x-cache"]], `port ${port}`).toEqual([
        "MISS",
        "HIT",
      ]);
      expect(second.body).toContain(oldPrice);
      expect(second.body).not.toContain(newPrice);
    }

    // The edit form as the back office posts it, filled with what it shows, the price changed.
    const owner = await signInOwner();
    const [row] = await query<Record<string, unknown>>("select * from products where id = $1", [
      product.id,
    ]);
    const form = new FormData();
    const fields: Record<string, string> = {
      intent: "update",
      id: product.id,
      name: String(row!.name),
      slug: String(row!.slug),
      description: String(row!.description),
      detailedDescription: String(row!.detailed_description),
      categoryId: String(row!.category_id ?? ""),
      status: String(row!.status),
      price: (newPaise / 100).toFixed(2),
      discountPrice: "",
      stockQuantity: String(product.stock_quantity),
      hsnCode: String(row!.hsn_code),
      gstRate: String(Number(row!.gst_rate)),
      ingredients: String(row!.ingredients),
      benefits: String(row!.benefits),
      dosageInstructions: String(row!.dosage_instructions),
      ayurvedicProperties: String(row!.ayurvedic_properties),
      certifications: (row!.certifications as string[]).join("\n"),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (row!.is_featured) form.append("isFeatured", "on");
    form.append("images", new File([], ""), "");
    const saved = await owner.postMultipart("/admin/products", form, { port: ports[0] });
    expect(saved.status, saved.body.slice(0, 300)).toBe(302);
    expect(saved.location).toBe("/admin/products");
    expect(owner.toast()?.title).toBe("Product updated successfully");

    // The other processes hear of the change through PostgreSQL's NOTIFY, a moment after the
    // commit the owner's answer waited for: each may serve the old page for that moment at most.
    for (const port of ports) {
      const deadline = Date.now() + 2_000;
      let next = await visitorFor().get(pagePath, { port });
      while (!next.body.includes(newPrice) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await visitorFor().get(pagePath, { port });
      }
      expect(next.status).toBe(200);
      expect(next.headers["x-cache"], `the first new page on port ${port}`).toBe("MISS");
      expect(next.body, `port ${port}`).toContain(newPrice);
      const again = await visitorFor().get(pagePath, { port });
      expect(again.headers["x-cache"], `port ${port}`).toBe("HIT");
      expect(again.body, `port ${port}`).toContain(newPrice);
    }
  });

  it("an unpaid card order is cancelled exactly once when three processes start together", async () => {
    const product = await productBySlug("ashwagandha-tablet");
    const { visitor, email } = await signUp();
    await addToCart(visitor, product.id, 2);
    const form = await checkoutForm(visitor, "razorpay");
    // The card dialog opens (the payment is started) and the customer walks away from it.
    const placed = await placeOrder(visitor, form);
    expect(placed.status, placed.body.slice(0, 300)).toBe(200);
    expect(placed.body).toContain("order_test");
    const [order] = await query<{ id: string; order_number: string; status: string }>(
      `select o.id, o.order_number, o.status from orders o join profiles p on p.id = o.user_id
        where p.email = $1`,
      [email],
    );
    expect(order?.status).toBe("pending");
    expect(await stockOf(product.id)).toBe(product.stock_quantity - 2);

    expect(await cluster.stop("SIGTERM")).toEqual([0, 0, 0]);
    await query("update orders set created_at = now() - interval '31 minutes' where id = $1", [
      order!.id,
    ]);
    // Info level this time: the expiry logs which orders it cancelled, and who did it.
    await cluster.start({ LOG_LEVEL: "info" });

    const state = await poll(
      async () =>
        (
          await query<{ status: string; payment_status: string; mail_sent: boolean }>(
            `select status, payment_status,
                    exists (select 1 from background_jobs m
                             where m.kind = 'mail' and m.payload->>'about' = o.id::text
                               and m.payload->>'kind' = 'order-cancelled' and m.state = 'done') as mail_sent
               from orders o where id = $1`,
            [order!.id],
          )
        )[0],
      (row) => row?.status === "cancelled" && row.mail_sent,
    );
    expect(state).toEqual({ status: "cancelled", payment_status: "failed", mail_sent: true });

    // Once: the stock came back once, one cancellation mail was queued and one was written.
    expect(await stockOf(product.id)).toBe(product.stock_quantity);
    const mails = await query<{ kind: string; occasion: string }>(
      `select payload->>'kind' as kind, payload->>'occasion' as occasion from background_jobs
        where kind = 'mail' and payload->>'about' = $1 order by created_at`,
      [order!.id],
    );
    expect(mails.map((mail) => mail.kind)).toEqual(["order-cancelled"]);
    const written = mailsWritten(`Order cancelled: ${order!.order_number}`);
    expect(written).toHaveLength(1);
    const cancelledBy = cluster.processes.map(
      (shop) =>
        logLines(shop.runs.at(-1)!.output(), "unpaid card orders cancelled").filter((line) =>
          (line.orders as string[]).includes(order!.order_number),
        ).length,
    );
    expect(cancelledBy.reduce((sum, count) => sum + count, 0)).toBe(1);
    // Nothing else was done twice either: the expiry is not an administrator's act, so it leaves
    // no audit entry, and an order never paid has no refund or credit note to make.
    const [traces] = await query<{ audit: number; refunds: number; credit_notes: number }>(
      `select (select count(*)::int from audit_log where entity_id = $1) as audit,
              (select count(*)::int from refunds where order_id = $2) as refunds,
              (select count(*)::int from credit_notes where order_id = $2) as credit_notes`,
      [order!.id, order!.id],
    );
    expect(traces).toEqual({ audit: 0, refunds: 0, credit_notes: 0 });
  });

  it("no process logged an error", () => {
    const errors = cluster
      .allRuns()
      .flatMap((run) => errorLines(run.output()).map((line) => `${run.label}: ${line}`));
    expect(errors).toEqual([]);
  });
});
