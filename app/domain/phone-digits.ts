import { nationalDigits } from "./mobile-number";

/**
 * A spec phone field as it is typed or pasted (docs/SPEC.md §5: digits only, at most 10). A written
 * +91 (or 0091), or a leading 0 before ten digits, is the prefix it is and is dropped before the
 * cap, never kept as the number's first digits (docs/decisions/066); while "+", "+9" or "+91" is
 * still all there is of it, it stays in the field. Plain digits are as the spec has them: ten
 * digits starting 91 are a number, and twelve are +91 written without its "+".
 */
export function phoneDigits(written: string) {
  const digits = written.replace(/\D/g, "");
  const international = /^\D*\+/.test(written) ? "+" : digits.startsWith("00") ? "00" : null;
  if (!international) return (nationalDigits(digits) ?? digits).slice(0, 10);
  const afterPrefix = international === "+" ? digits : digits.slice(2);
  if ("91".startsWith(afterPrefix)) return `${international}${afterPrefix}`;
  if (!afterPrefix.startsWith("91")) return digits.slice(0, 10);
  return (nationalDigits(`+${afterPrefix}`) ?? "").slice(0, 10);
}
