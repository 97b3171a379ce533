import { z } from "../zod";
import { singleLineText } from "./text";

const orderId = z.uuid({ error: "Unknown order" });
const providerOrderId = singleLineText().trim().min(1).max(100);

/** Every form that posts to /checkout/payment, told apart by `intent`. */
export const paymentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), orderId }),
  z.object({
    intent: z.literal("confirm"),
    orderId,
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: singleLineText().trim().min(1).max(100),
    razorpay_signature: singleLineText().trim().max(200),
  }),
  z.object({
    intent: z.literal("test-gateway"),
    orderId,
    providerOrderId,
    outcome: z.enum(["success", "failure"]),
  }),
]);
