import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSchema } from "~/domain/validation/newsletter";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { subscribeToNewsletter } from "~/modules/content/newsletter.server";
import { action as newsletterAction } from "~/routes/store/newsletter";
import { newsletterSubscriptions } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

const subscriptionsOf = (email: string) =>
  handle.db.$count(newsletterSubscriptions, eq(newsletterSubscriptions.email, email));

describe(`newsletter on ${DATABASE_KIND}`, () => {
  it("stores an address once however often it subscribes", async () => {
    await subscribeToNewsletter(handle.db, "asha@gmail.com");
    expect(await subscriptionsOf("asha@gmail.com")).toBe(1);
    await subscribeToNewsletter(handle.db, "asha@gmail.com");
    await subscribeToNewsletter(handle.db, "asha@gmail.com");
    expect(await subscriptionsOf("asha@gmail.com")).toBe(1);
  });

  it("stores an address once when the same sign-up arrives several times at once", async () => {
    await Promise.all(
      Array.from({ length: 5 }, () => subscribeToNewsletter(handle.db, "ravi@gmail.com")),
    );
    expect(await subscriptionsOf("ravi@gmail.com")).toBe(1);
  });

  it("keeps different addresses apart", async () => {
    const before = await handle.db.$count(newsletterSubscriptions);
    await subscribeToNewsletter(handle.db, "meera@gmail.com");
    await subscribeToNewsletter(handle.db, "meera.k@gmail.com");
    expect(await subscriptionsOf("meera@gmail.com")).toBe(1);
    expect(await subscriptionsOf("meera.k@gmail.com")).toBe(1);
    expect(await handle.db.$count(newsletterSubscriptions)).toBe(before + 2);
  });

  it("stores the form's address once whatever its case and spacing", async () => {
    const before = await handle.db.$count(newsletterSubscriptions);
    for (const typed of ["Priya@Gmail.com", "  priya@gmail.com ", "PRIYA@GMAIL.COM"]) {
      await subscribeToNewsletter(handle.db, newsletterSchema.parse({ email: typed }).email);
    }
    expect(await subscriptionsOf("priya@gmail.com")).toBe(1);
    expect(await handle.db.$count(newsletterSubscriptions)).toBe(before + 1);
  });
});

/** Posts the footer's form from the given client address, as its browser would. */
async function subscribeFrom(clientIp: string, email: string) {
  const request = browserRequest("/newsletter", [], {
    method: "POST",
    body: new URLSearchParams({ email }),
  });
  const context = routeContext(clientIp);
  const outcome = (await newsletterAction({ request, params: {}, context } as never)) as {
    init: ResponseInit | null;
  };
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/", new Headers(outcome.init?.headers).getSetCookie()),
  );
  return { status: outcome.init?.status ?? 200, toast };
}

const RETRY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe(`newsletter sign-up limits on ${DATABASE_KIND}`, () => {
  it("takes 10 sign-ups an hour from one client, then refuses with the retry message and stores nothing", async () => {
    for (let n = 0; n < 10; n++) {
      expect((await subscribeFrom("10.6.0.1", `reader.${n}@gmail.com`)).status).toBe(200);
    }
    const before = await handle.db.$count(newsletterSubscriptions);
    const refused = await subscribeFrom("10.6.0.1", "reader.10@gmail.com");
    expect(refused.status).toBe(429);
    expect(refused.toast).toMatchObject({ type: "error", title: "Subscription failed" });
    expect(refused.toast?.description).toMatch(RETRY);
    expect(await handle.db.$count(newsletterSubscriptions)).toBe(before);
    expect(await subscriptionsOf("reader.10@gmail.com")).toBe(0);
    // Another client is not affected.
    expect((await subscribeFrom("10.6.0.2", "reader.10@gmail.com")).status).toBe(200);
  });

  it("takes one address 3 times an hour across all clients", async () => {
    for (let client = 1; client <= 3; client++) {
      expect((await subscribeFrom(`10.6.1.${client}`, "Same.Reader@gmail.com")).status).toBe(200);
    }
    const refused = await subscribeFrom("10.6.1.4", "same.reader@gmail.com ");
    expect(refused.status).toBe(429);
    expect(refused.toast?.description).toMatch(RETRY);
    expect(await subscriptionsOf("same.reader@gmail.com")).toBe(1);
  });

  it("refuses a bad address with 400 before counting it", async () => {
    for (let n = 0; n < 12; n++) {
      const result = await subscribeFrom("10.6.2.1", "not-an-address");
      expect(result.status).toBe(400);
      expect(result.toast?.description).toBe("Please enter a valid email address");
    }
    expect((await subscribeFrom("10.6.2.1", "valid.reader@gmail.com")).status).toBe(200);
  });
});
