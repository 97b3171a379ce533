import { createCookieSessionStorage, redirect } from "react-router";
import { requestStore } from "./request-store.server";
import { perSigner, type Signer } from "./signer.server";
import { TOAST_COOKIE, type Toast } from "./toast";

export type { Toast };

const TOAST_KEY = "toast" as const;
type ToastData = { [TOAST_KEY]: Toast };

const toastStorage = perSigner((signer) =>
  createCookieSessionStorage<ToastData, ToastData>({
    cookie: { name: TOAST_COOKIE, httpOnly: true, sameSite: "lax", path: "/", ...signer.cookie },
  }),
);

/**
 * A one-time message for the page the browser shows next. When the browser itself posted a form
 * (no JavaScript), that page is rendered in this very response, so the message goes straight to
 * the root loader instead of into a cookie that would only show on the page after.
 */
export async function toastHeaders(signer: Signer, toast: Toast, headers = new Headers()) {
  const store = requestStore();
  if (store?.navigation) {
    store.toasts.push(toast);
    return headers;
  }
  return flashCookie(signer, toast, headers);
}

async function flashCookie(signer: Signer, toast: Toast, headers: Headers) {
  const storage = toastStorage(signer);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toast);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return headers;
}

/** A redirect always reaches the next request, so its message travels in the cookie. */
export async function redirectWithToast(
  signer: Signer,
  url: string,
  toast: Toast,
  init: ResponseInit = {},
) {
  const headers = await flashCookie(signer, toast, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast (root loader). */
export async function takeToast(signer: Signer, request: Request) {
  const storage = toastStorage(signer);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = session.get(TOAST_KEY) ?? requestStore()?.toasts.shift() ?? null;
  const headers = new Headers();
  if (toast) headers.append("Set-Cookie", await storage.destroySession(session));
  return { toast, headers };
}
