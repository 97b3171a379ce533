import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSchema } from "~/domain/validation/newsletter";
import type { DatabaseHandle } from "~/lib/db.server";
import { subscribeToNewsletter } from "~/modules/content/newsletter.server";
import { newsletterSubscriptions } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
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
