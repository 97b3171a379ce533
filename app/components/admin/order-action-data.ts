import type { SubmissionResult } from "@conform-to/react";

/** What the orders page's action answers a form of the order detail (tracking ID, refund). */
export type OrderActionData = {
  ok: boolean;
  intent?: string;
  result?: SubmissionResult<string[]>;
};
