/**
 * GSTIN (Goods and Services Tax Identification Number): 15 characters, a two-digit state code,
 * the holder's PAN (five letters, four digits, one letter), an entity number, the letter Z and a
 * check character computed over the first fourteen.
 */
const GSTIN_PATTERN = /^(0[1-9]|[12][0-9]|3[0-8]|97)[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARSET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character for the first fourteen characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = CHARSET.indexOf(first14.charAt(index));
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = "format" | "checksum" | null;

/** Why a GSTIN (already upper-cased) is not valid, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem {
  if (!GSTIN_PATTERN.test(gstin)) return "format";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14) ? null : "checksum";
}
