import type { SubmissionResult } from "@conform-to/react";

/** What the /profile action answers to every form of the page. */
export type ProfileActionData = {
  ok: boolean;
  intent: string | null;
  /** Field errors for the form that was sent (profile or address form). */
  result?: SubmissionResult<string[]>;
  /** The address that was being edited, so its form shows again with the errors. */
  addressId?: string | null;
};

/** Every form of the page posts here; the tab keeps the customer where they were. */
export function profileAction(tab: "profile" | "orders" | "addresses") {
  return `/profile?tab=${tab}`;
}
