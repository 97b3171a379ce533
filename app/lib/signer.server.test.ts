import { describe, expect, it } from "vitest";
import { createSigner, perSigner } from "./signer.server";
import { redirectWithToast, takeToast } from "./toast.server";

const SECRET = "a-secret-long-enough-for-signing-cookies-0123";

/** The request a browser sends next, carrying the cookie `response` set. */
function nextRequest(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return new Request("http://shop.test/", { headers: { Cookie: cookie } });
}

describe("the shop's signer", () => {
  it("signs cookies for https only when the shop is served on https", () => {
    expect(createSigner(SECRET, "https://shop.example").cookie.secure).toBe(true);
    expect(createSigner(SECRET, "http://localhost:3000").cookie.secure).toBe(false);
  });

  it("gives the same HMAC for the same secret and text, and another for another secret", () => {
    const one = createSigner(SECRET, "http://shop.test");
    expect(one.mac("checkout-quote:abc", "hex")).toBe(
      createSigner(SECRET, "http://other.test").mac("checkout-quote:abc", "hex"),
    );
    expect(one.mac("checkout-quote:abc", "hex")).not.toBe(
      createSigner(`${SECRET}-other`, "http://shop.test").mac("checkout-quote:abc", "hex"),
    );
  });

  it("reads a toast only under the secret that signed it", async () => {
    const shop = createSigner(SECRET, "http://shop.test");
    const response = await redirectWithToast(shop, "/", { type: "success", title: "Saved" });
    expect((await takeToast(shop, nextRequest(response))).toast).toEqual({
      type: "success",
      title: "Saved",
    });
    // Another shop in the same process (or a forged cookie) signs with another secret.
    const other = createSigner(`${SECRET}-other`, "http://shop.test");
    expect((await takeToast(other, nextRequest(response))).toast).toBeNull();
  });

  it("makes what a signer needs once per signer", () => {
    let made = 0;
    const cookieOf = perSigner((signer) => ({ made: ++made, signer }));
    const one = createSigner(SECRET, "http://shop.test");
    const two = createSigner(SECRET, "http://shop.test");
    expect(cookieOf(one)).toBe(cookieOf(one));
    expect(cookieOf(two).signer).toBe(two);
    expect(made).toBe(2);
  });
});
