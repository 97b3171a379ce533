import { parseWithZod } from "@conform-to/zod/v4";
import {
  SEND_AGAIN_MESSAGES,
  sendMessageAgainFormSchema,
} from "~/domain/validation/order-messages";
import {
  actionFailure,
  actionSuccess,
  firstErrorMessage,
  refusal,
} from "~/lib/action-result.server";
import { AppError } from "~/lib/app-error";
import { sendMessageAgain } from "~/modules/notifications/send-again.server";
import type { ShopServices } from "~/services.server";

/**
 * "Send again" on a failed notice, from an order's page or a customer's: queued again with the
 * "Message queued" toast; 409 when it is not failed (sent meanwhile, or sent again already).
 */
export async function sendMessageAgainIntent(
  services: ShopServices,
  adminId: string,
  formData: FormData,
) {
  const intent = "send-message-again";
  const submission = parseWithZod(formData, { schema: sendMessageAgainFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, SEND_AGAIN_MESSAGES.messageId);
    return actionFailure(services.signer, refusal(message), { intent });
  }
  if (!(await sendMessageAgain(services.db, adminId, submission.value.messageId))) {
    throw new AppError(SEND_AGAIN_MESSAGES.notFailed, { status: 409 });
  }
  return actionSuccess(
    services.signer,
    { type: "success", title: "Message queued", description: "It will be sent again shortly." },
    { intent },
  );
}
