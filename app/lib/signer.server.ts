import { createHmac } from "node:crypto";

/**
 * What the shop signs with its secret and reads back: its own cookies (toasts, a visitor's
 * waiting action) and the checkout's quote (docs/decisions/083). Made once with the services from
 * the secret opened at start, so a test, a second shop in one process and the shop itself each
 * sign with their own.
 */
export type Signer = {
  /** React Router's cookie options: the secret, and whether cookies ride on https only. */
  readonly cookie: { readonly secrets: string[]; readonly secure: boolean };
  /** HMAC-SHA256 of `text` under the secret. */
  mac(text: string, encoding: "hex" | "base64url"): string;
};

export function createSigner(secret: string, publicUrl: string): Signer {
  const cookie = Object.freeze({ secrets: [secret], secure: publicUrl.startsWith("https://") });
  return Object.freeze({
    cookie,
    mac: (text: string, encoding: "hex" | "base64url") =>
      createHmac("sha256", secret).update(text).digest(encoding),
  });
}

/**
 * One `T` per signer, made when first asked for: the cookie objects React Router builds from a
 * signer's options, kept as long as the signer is.
 */
export function perSigner<T>(make: (signer: Signer) => T): (signer: Signer) => T {
  const made = new WeakMap<Signer, T>();
  return (signer) => {
    let value = made.get(signer);
    if (value === undefined) {
      value = make(signer);
      made.set(signer, value);
    }
    return value;
  };
}
