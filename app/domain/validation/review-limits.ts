/** docs/SPEC.md §5. Apart from the schema so that the review form's page does not load Zod. */
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_COMMENT_MAX = 1000;
