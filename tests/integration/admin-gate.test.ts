import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getSettings } from "~/modules/settings/settings.server";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { loader as customersLoader } from "~/routes/admin/customers";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as indexLoader } from "~/routes/admin/index";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/admin/reviews";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { auditLog, products, reviews } from "../../db/schema";
import { callRoute, insertOrder, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";

let handle: DatabaseHandle;
let visitor: string[];
let customer: string[];
let reviewId: string;
let productId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  visitor = [];
  const signedIn = await createCustomer("Curious Customer");
  customer = signedIn.cookies;
  await insertOrder(handle.db, { userId: signedIn.id, total: 50000 });
  const [product] = await insertProducts(handle.db, [{ name: "Brahmi Vati" }]);
  productId = product!.id;
  const author = await insertProfile(handle.db, { fullName: "Review Author" });
  const [review] = await handle.db
    .insert(reviews)
    .values({ productId, userId: author.id, rating: 5, comment: "Calming", isApproved: false })
    .returning();
  reviewId = review!.id;
});
afterAll(() => handle.close());

const LOADERS = [
  ["/admin", indexLoader],
  ["/admin (layout)", layoutLoader],
  ["/admin/dashboard", dashboardLoader],
  ["/admin/customers", customersLoader],
  ["/admin/reviews", reviewsLoader],
  ["/admin/settings", settingsLoader],
  ["/admin/audit-log", auditLoader],
] as const;

async function snapshot() {
  const [review] = await handle.db.select().from(reviews).where(eq(reviews.id, reviewId));
  const [product] = await handle.db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return {
    review,
    product,
    settings: await getSettings(handle.db),
    audit: await handle.db.$count(auditLog),
  };
}

describe(`the back office gate on ${DATABASE_KIND}`, () => {
  for (const [who, cookies] of [
    ["a visitor", () => visitor],
    ["a signed-in customer", () => customer],
  ] as const) {
    it(`sends ${who} from every loader to /admin/login, with no data`, async () => {
      for (const [path, loader] of LOADERS) {
        const answer = await callRoute(loader, path.split(" ")[0]!, cookies());
        expect({ path, status: answer.status, location: answer.location }).toEqual({
          path,
          status: 302,
          location: "/admin/login",
        });
        expect(answer.body).toBeNull();
      }
    });

    it(`sends ${who} from every action to /admin/login and changes nothing`, async () => {
      const before = await snapshot();
      const posts = [
        [reviewsAction, "/admin/reviews", { intent: "approve", id: reviewId }],
        [reviewsAction, "/admin/reviews", { intent: "delete", id: reviewId }],
        [
          settingsAction,
          "/admin/settings",
          {
            ...(await validSettingsForm()),
            shopName: "Hijacked Shop",
            allowedEmailDomains: "evil.example",
          },
        ],
      ] as const;
      for (const [action, path, fields] of posts) {
        const answer = await callRoute(action, path, cookies(), fields);
        expect({ path, status: answer.status, location: answer.location }).toEqual({
          path,
          status: 302,
          location: "/admin/login",
        });
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});

/** The settings form as the screen would post it, filled from the stored values. */
async function validSettingsForm(): Promise<Record<string, string>> {
  const s = await getSettings(handle.db);
  return {
    shopName: s.shopName,
    phone: s.phone,
    email: s.email,
    addressLine1: s.addressLine1,
    addressLine2: s.addressLine2 ?? "",
    city: s.city,
    state: s.state,
    postalCode: s.postalCode,
    gstin: s.gstin,
    lowStockThreshold: String(s.lowStockThreshold),
    allowedEmailDomains: s.allowedEmailDomains.join("\n"),
  };
}
