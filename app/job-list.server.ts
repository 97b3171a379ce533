import { dailyStockRefresh } from "./modules/inventory/daily-refresh.server";
import { dailyStockCheck } from "./modules/inventory/stock-check.server";
import type { JobKind } from "./modules/jobs/job-kinds.server";
import { messageJob } from "./modules/notifications/customer-message-job.server";
import { mailJob } from "./modules/notifications/mail-outbox.server";
import { dailyRemittanceCheck } from "./workflows/cod-remittance.server";
import { courierTrackingJob } from "./workflows/courier-tracking.server";
import { refundCheckJob, refundSendJob } from "./workflows/refund-jobs.server";
import { courierBookingJob } from "./workflows/ship-orders.server";

/**
 * Every kind of background job the shop runs (docs/decisions/055), in one static list: the job
 * runner runs these kinds and no other, whatever else a process happens to have imported.
 * `job-list.server.test.ts` holds it to the kinds the code defines and enqueues, and to their
 * names in the back office.
 */
export const SHOP_JOBS: readonly JobKind<never>[] = [
  mailJob,
  messageJob,
  refundSendJob,
  refundCheckJob,
  courierBookingJob,
  courierTrackingJob,
  dailyStockCheck,
  dailyStockRefresh,
  dailyRemittanceCheck,
];
