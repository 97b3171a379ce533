import { test as base } from "@playwright/test";
import { type Account, createCustomer } from "./helpers";

/**
 * A test that starts as a new customer, signed up over HTTP before its first page, so it opens
 * whatever page it begins on; `signedIn` is the account. Sign-up's own form is tested in auth.spec.
 */
export const signedInTest = base.extend<{ signedIn: Account }>({
  signedIn: [
    async ({ context }, use) => {
      await use(await createCustomer(context.request));
    },
    { auto: true },
  ],
});
