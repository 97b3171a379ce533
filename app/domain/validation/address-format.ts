/** Address helpers the browser uses, apart from the schemas so that it need not load Zod. */

/** The browser keeps only digits, at most 10 (docs/SPEC.md §5); the server checks the same. */
export function phoneDigits(value: string) {
  return value.replace(/\D/g, "").slice(0, 10);
}

/** docs/SPEC.md §8: checkout shows every problem at once, joined by commas, under 'Invalid Address'. */
export function joinAddressErrors(errors: Record<string, string[] | null | undefined>) {
  return Object.values(errors)
    .flatMap((messages) => messages ?? [])
    .join(", ");
}
