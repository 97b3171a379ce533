/**
 * The shop's own short links, `/o/<code>` (docs/decisions/070): what they can stand for and the
 * shape of a code. No I/O here.
 */

export const SHORT_LINK_KINDS = ["order"] as const;
export type ShortLinkKind = (typeof SHORT_LINK_KINDS)[number];

/** Letters and digits only: nothing a phone's link detection or an SMS could break. */
export const SHORT_LINK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62^8, about 2.2e14 codes: guessing one of the shop's few thousand is hopeless. */
export const SHORT_LINK_CODE_LENGTH = 8;

const CODE = /^[0-9A-Za-z]{8}$/;

export function isShortLinkCode(value: string | undefined): value is string {
  return typeof value === "string" && CODE.test(value);
}

/** The path of a short link: what follows the shop's address. */
export function shortLinkPath(code: string) {
  return `/o/${code}`;
}
