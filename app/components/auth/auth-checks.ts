/** What the sign-in, sign-up and new password forms check in the browser, loaded apart. */
export { parseWithZod } from "@conform-to/zod/v4";
export { newPasswordSchema, signInSchema, signUpSchema } from "~/domain/validation/auth";
