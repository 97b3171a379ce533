import type { Paise } from "../../domain/money";

/** Shiprocket takes rupees as numbers with up to two decimals. */
export function formatRupeesPlain(paise: Paise) {
  return Math.round(paise) / 100;
}
