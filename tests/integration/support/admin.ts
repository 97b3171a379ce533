import sharp from "sharp";
import type { Database } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { ensureAdministrator } from "~/modules/accounts/administrators.server";
import { signIn } from "~/modules/accounts/credentials.server";
import { browserRequest } from "./app";

let counter = 0;

/** Makes a new administrator and signs them in; the cookies stand for their browser. */
export async function signInAdmin(database: Database) {
  counter += 1;
  const email = `owner.${counter}.${Date.now()}@shop.example`;
  await ensureAdministrator(database, { email, password: "admin-secret", fullName: "Owner" });
  const result = await signIn(
    { email, password: "admin-secret" },
    browserRequest("/admin/login"),
    `10.9.0.${counter}`,
  );
  if (!result.ok) throw new Error("admin sign-in failed");
  return { id: result.userId, cookies: result.headers.getSetCookie(), email };
}

const context = { clientIp: "127.0.0.1", cspNonce: "", requestId: "" };

type RouteFunction = (args: never) => Promise<unknown>;

export type RouteAnswer<T = Record<string, unknown>> = {
  status: number;
  location: string | null;
  body: T | null;
  toast: { type: string; title: string; description?: string } | null;
};

/** Runs a route's loader or action as React Router would, and reads its answer and toast. */
export async function callRoute<T = Record<string, unknown>>(
  fn: RouteFunction,
  request: Request,
): Promise<RouteAnswer<T>> {
  let response: unknown;
  try {
    response = await fn({ request, params: {}, context } as never);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  let status = 200;
  let location: string | null = null;
  let body: T | null = null;
  let headers: Headers;
  if (response instanceof Response) {
    status = response.status;
    location = response.headers.get("Location");
    headers = response.headers;
  } else if (response && typeof response === "object" && "init" in response) {
    const { data, init } = response as { data: T; init: ResponseInit | null };
    status = init?.status ?? 200;
    body = data;
    headers = new Headers(init?.headers);
  } else {
    body = response as T;
    headers = new Headers();
  }
  const cookie = headers.get("Set-Cookie");
  const { toast } = await takeToast(browserRequest("/", cookie ? [cookie] : []));
  return { status, location, body, toast };
}

/** A form post as the browser sends it (multipart when it holds files). */
export function postForm(
  path: string,
  cookies: string[],
  fields: Record<string, string | string[]>,
  files: { name: string; data: Buffer; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  for (const file of files) {
    form.append(
      "images",
      new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }),
      file.name,
    );
  }
  return browserRequest(path, cookies, { method: "POST", body: form });
}

export function getPage(path: string, cookies: string[] = []) {
  return browserRequest(path, cookies);
}

/** A solid-colour PNG of the given size. */
export function png(width = 400, height = 300, colour = { r: 200, g: 120, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
