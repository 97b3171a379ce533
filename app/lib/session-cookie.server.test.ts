import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS } from "./auth.server";
import { sessionCookieName, sessionIsCurrent, signedSessionToken } from "./session-cookie.server";

const SECRET = "a-secret-of-the-shop-that-is-long-enough-0123";
const TOKEN = "Jq3kN1pX0a9BvYc2Lr7Hd5Ws8Tm4Ze6F";

/**
 * The cookie Better Auth sets: `token.base64(HMAC-SHA256)`, URL-encoded. (That the shop reads
 * Better Auth's own cookies is shown by every signed-in integration and end-to-end test.)
 */
async function betterAuthCookie(token = TOKEN, secret = SECRET) {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `shop.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

describe("signedSessionToken", () => {
  it("reads the token from a cookie Better Auth signed, among other cookies", async () => {
    const cookie = await betterAuthCookie();
    expect(signedSessionToken(cookie, SECRET)).toBe(TOKEN);
    expect(signedSessionToken(`_ga=1; ${cookie}; shop_toast=x`, SECRET)).toBe(TOKEN);
  });

  it("refuses a cookie signed with another secret", async () => {
    expect(signedSessionToken(await betterAuthCookie(TOKEN, `${SECRET}x`), SECRET)).toBeNull();
  });

  it("refuses a token changed after signing, or a signature cut or missing", async () => {
    const value = (await betterAuthCookie()).split("=").slice(1).join("=");
    const [, signature] = decodeURIComponent(value).split(".");
    expect(signedSessionToken(`shop.session_token=x${TOKEN}.${signature}`, SECRET)).toBeNull();
    expect(
      signedSessionToken(`shop.session_token=${TOKEN}.${signature!.slice(0, 20)}`, SECRET),
    ).toBeNull();
    expect(signedSessionToken(`shop.session_token=${TOKEN}`, SECRET)).toBeNull();
    expect(signedSessionToken(`shop.session_token=${TOKEN}.`, SECRET)).toBeNull();
    expect(signedSessionToken("shop.session_token=%E0%A4%A", SECRET)).toBeNull();
  });

  it("finds nothing without the session cookie, or under another name", async () => {
    expect(signedSessionToken(null, SECRET)).toBeNull();
    expect(signedSessionToken("", SECRET)).toBeNull();
    const cookie = await betterAuthCookie();
    expect(signedSessionToken(cookie.replace("shop.", "other."), SECRET)).toBeNull();
    expect(signedSessionToken(cookie, SECRET, "__Secure-shop.session_token")).toBeNull();
    expect(
      signedSessionToken(`__Secure-${cookie}`, SECRET, sessionCookieName("https://shop.example")),
    ).toBe(TOKEN);
  });
});

describe("sessionCookieName", () => {
  it("carries the __Secure- prefix over HTTPS only", () => {
    expect(sessionCookieName("https://shop.example")).toBe("__Secure-shop.session_token");
    expect(sessionCookieName("http://localhost:3000")).toBe("shop.session_token");
  });
});

describe("sessionIsCurrent", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  const fromNow = (ms: number) => new Date(now.getTime() + ms);
  const fullLife = SESSION_DAYS * 86_400_000;
  const updateAge = SESSION_UPDATE_AGE_SECONDS * 1000;

  it("is current for a session extended less than a day ago", () => {
    expect(sessionIsCurrent(fromNow(fullLife), now)).toBe(true);
    expect(sessionIsCurrent(fromNow(fullLife - updateAge + 1), now)).toBe(true);
  });

  it("is due for Better Auth's extension a day after the last one", () => {
    expect(sessionIsCurrent(fromNow(fullLife - updateAge), now)).toBe(false);
    expect(sessionIsCurrent(fromNow(60_000), now)).toBe(false);
  });

  it("is not current once expired", () => {
    expect(sessionIsCurrent(now, now)).toBe(false);
    expect(sessionIsCurrent(fromNow(-1), now)).toBe(false);
  });
});
