import { z } from "../zod";
import { singleLineText } from "./text";

export const newsletterSchema = z.object({
  email: singleLineText({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Please enter your email address", abort: true })
    .max(254, { error: "Please enter a valid email address", abort: true })
    .pipe(z.email({ error: "Please enter a valid email address" })),
});
