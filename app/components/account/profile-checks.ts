/** What the profile and address forms check in the browser, loaded apart from the page. */
export { parseWithZod } from "@conform-to/zod/v4";
export { profileSchema, savedAddressSchema } from "~/domain/validation/address";
