/** docs/SPEC.md §9: at most 10 of a product per add; kept apart from the schemas so pages can show it without Zod. */
export const MAX_QUANTITY_PER_PRODUCT = 10;
