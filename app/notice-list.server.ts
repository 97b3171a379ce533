import { signInCapMailWriters } from "./modules/accounts/sign-in-code-caps.server";
import type { NoticeWriters } from "./modules/notifications/notice-writers.server";
import { orderMailWriters } from "./modules/orders/order-mails.server";
import { orderMessageWriters } from "./modules/orders/order-messages.server";
import { recallNoticeWriters } from "./modules/orders/recall-notices.server";

/**
 * What every kind of notice the shop sends says, on each channel, in one static list (as the job
 * kinds are, `job-list.server.ts`): a mail or message is written the same by whichever process
 * sends it. `notice-list.server.test.ts` holds it to the kinds the code enqueues.
 */
export const SHOP_NOTICE_WRITERS: NoticeWriters = {
  mails: { ...orderMailWriters, ...recallNoticeWriters.mails, ...signInCapMailWriters },
  messages: { ...orderMessageWriters, ...recallNoticeWriters.messages },
  withoutConsent: { ...recallNoticeWriters.withoutConsent },
};
