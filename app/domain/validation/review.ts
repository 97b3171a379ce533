import { z } from "../zod";
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from "./review-limits";
import { multiLineText, singleLineText } from "./text";

export { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX };

/** docs/SPEC.md §5: rating required, comment required up to 1000, optional title up to 100. */
export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: "Please select a rating" })
    .int({ error: "Please select a rating" })
    .min(1, { error: "Please select a rating" })
    .max(5, { error: "Please select a rating" }),
  title: singleLineText()
    .trim()
    .max(REVIEW_TITLE_MAX, { error: `Title must be at most ${REVIEW_TITLE_MAX} characters` })
    .optional(),
  comment: multiLineText({ error: "Please write a comment" })
    .trim()
    .min(1, { error: "Please write a comment", abort: true })
    .max(REVIEW_COMMENT_MAX, { error: `Comment must be at most ${REVIEW_COMMENT_MAX} characters` }),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
