import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Database } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { ensureAdministrator } from "~/modules/accounts/administrators.server";
import { signIn } from "~/modules/accounts/credentials.server";
import { orders, profiles, userRoles } from "../../../db/schema";
import { browserRequest } from "./app";
import { SHIPPING_ADDRESS } from "./orders";
import type { Customer } from "./profile";
import { routeContext, TEST_SIGNER, testServices } from "./services";

let counter = 0;

/** Makes an administrator and signs them in; the cookies stand for their browser. */
export async function signInAdministrator(database: Database) {
  counter += 1;
  const email = `owner.${counter}.${Date.now()}@shop.example`;
  await ensureAdministrator(database, { email, password: "owner-secret", fullName: "Shop Owner" });
  const result = await signIn(
    testServices().accounts,
    { email, password: "owner-secret", requireAdmin: true },
    browserRequest("/admin/login"),
    `10.9.0.${counter}`,
  );
  if (!result.ok) throw new Error("administrator sign-in failed");
  return { id: result.userId, email, cookies: result.headers.getSetCookie() };
}

export type RouteResult<T = unknown> = {
  status: number;
  location: string | null;
  body: T | null;
  response: Response | null;
  toast: { type?: string; title: string; description?: string } | null;
};

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

/**
 * Calls a route's loader or action as React Router would, and reads what the browser would get:
 * the status, a redirect's target, the data, and the toast its cookie carries.
 */
export async function callRoute<T = unknown>(
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteResult<T>> {
  let outcome: unknown;
  try {
    outcome = await handler({ request, params, context: routeContext() } as never);
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) outcome = thrown;
    else throw thrown;
  }
  if (outcome instanceof Response) {
    const { toast } = await takeToast(
      TEST_SIGNER,
      browserRequest("/", outcome.headers.getSetCookie()),
    );
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      body: null,
      response: outcome,
      toast,
    };
  }
  if (isDataWithInit(outcome)) {
    const cookies = new Headers(outcome.init?.headers).getSetCookie();
    const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", cookies));
    return {
      status: outcome.init?.status ?? 200,
      location: null,
      body: outcome.data as T,
      response: null,
      toast,
    };
  }
  return { status: 200, location: null, body: outcome as T, response: null, toast: null };
}

/** A form post as a browser sends it. */
export function postForm(path: string, cookies: string[], fields: Record<string, string>) {
  return browserRequest(path, cookies, { method: "POST", body: new URLSearchParams(fields) });
}

/** An administrator signed in through /admin/login; the cookies stand for their browser. */
export async function createAdmin(database: Database, fullName = "Shop Owner"): Promise<Customer> {
  counter += 1;
  const email = `owner.${counter}.${randomUUID().slice(0, 8)}@shop.example`;
  await ensureAdministrator(database, { email, password: "admin-secret", fullName });
  const result = await signIn(
    testServices().accounts,
    { email, password: "admin-secret" },
    browserRequest("/admin/login"),
    "10.0.0.9",
  );
  if (!result.ok) throw new Error("admin sign-in failed");
  return { id: result.userId, cookies: result.headers.getSetCookie(), email };
}

/** A profile written straight into the table (no password), optionally an administrator. */
export async function insertProfile(
  database: Database,
  values: { fullName: string; email?: string; phone?: string | null; createdAt?: Date },
  options: { admin?: boolean } = {},
) {
  counter += 1;
  const [row] = await database
    .insert(profiles)
    .values({
      email: values.email ?? `person.${counter}.${randomUUID().slice(0, 8)}@gmail.com`,
      ...values,
    })
    .returning();
  if (options.admin) await database.insert(userRoles).values({ userId: row!.id, role: "admin" });
  return row!;
}

/** An order row with a total and a moment of our choosing (no items, no stock involved). */
export async function insertOrder(
  database: Database,
  values: {
    userId: string | null;
    total: number;
    status?: (typeof orders.$inferInsert)["status"];
    createdAt?: Date;
    city?: string;
    state?: string;
    paymentMethod?: (typeof orders.$inferInsert)["paymentMethod"];
    paymentStatus?: (typeof orders.$inferInsert)["paymentStatus"];
    paymentProvider?: (typeof orders.$inferInsert)["paymentProvider"];
  },
) {
  counter += 1;
  const [row] = await database
    .insert(orders)
    .values({
      userId: values.userId,
      orderNumber: `ORD-T${counter}-${randomUUID().slice(0, 8)}`,
      subtotal: values.total,
      total: values.total,
      status: values.status ?? "pending",
      paymentMethod: values.paymentMethod ?? "cod",
      paymentStatus: values.paymentStatus ?? "pending",
      paymentProvider: values.paymentProvider ?? null,
      shippingAddress: {
        ...SHIPPING_ADDRESS,
        city: values.city ?? SHIPPING_ADDRESS.city,
        state: values.state ?? SHIPPING_ADDRESS.state,
      },
      createdAt: values.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

export type RouteAnswer<T = unknown> = {
  status: number;
  location: string | null;
  body: T | null;
  toast: Awaited<ReturnType<typeof takeToast>>["toast"];
};

/**
 * Calls a route's loader or action as the browser with these cookies would (a form post when
 * `fields` is given), and reads its answer: a redirect, or data with any toast it set.
 */
export async function callRouteAt<T = Record<string, unknown>>(
  handler: (args: never) => unknown,
  path: string,
  cookies: string[] = [],
  fields?: Record<string, string>,
): Promise<RouteAnswer<T>> {
  const request = browserRequest(
    path,
    cookies,
    fields ? { method: "POST", body: new URLSearchParams(fields) } : {},
  );
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: routeContext() } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      body: null,
      toast: null,
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    const setCookies = new Headers(init?.headers).getSetCookie();
    const { toast } = await takeToast(TEST_SIGNER, browserRequest(path, setCookies));
    return { status: init?.status ?? 200, location: null, body: data, toast };
  }
  return { status: 200, location: null, body: result as T, toast: null };
}

/** A multipart form post as a browser sends one that carries files (in the field "images"). */
export function postMultipart(
  path: string,
  cookies: string[],
  fields: Record<string, string>,
  files: { name: string; data: Buffer; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" });
    form.append("images", blob, file.name);
  }
  return browserRequest(path, cookies, { method: "POST", body: form });
}

/** A page load as a browser sends it. */
export function getPage(path: string, cookies: string[] = []) {
  return browserRequest(path, cookies);
}

/** A solid-colour PNG of the given size. */
export function png(width = 400, height = 300, colour = { r: 200, g: 120, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
