/** Address helpers the browser uses, apart from the schemas so that it need not load Zod. */

/**
 * An Indian PIN code: six digits, the first not 0 (no PIN code starts with 0). Kept with these
 * helpers, which the checkout loads anyway: in a module of its own, shared with the address
 * schemas, it became a chunk of its own on the checkout's first load (docs/decisions/029).
 */
export const PIN_CODE = /^[1-9]\d{5}$/;

/** docs/SPEC.md §8: checkout shows every problem at once, joined by commas, under 'Invalid Address'. */
export function joinAddressErrors(errors: Record<string, string[] | null | undefined>) {
  return Object.values(errors)
    .flatMap((messages) => messages ?? [])
    .join(", ");
}
