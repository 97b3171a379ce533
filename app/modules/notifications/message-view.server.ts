import { type MessageView, maskPhone } from "../../domain/order-messages";
import type { MessageLogEntry } from "./customer-messages.server";

/**
 * A notice as the owner sees it: only the last four digits of a number leave the server, in the
 * recipient and in a provider's id (the outbox names its files by the number).
 */
export function messageView({
  recipient,
  sentAt,
  deliveredAt,
  createdAt,
  providerId,
  ...message
}: MessageLogEntry): MessageView {
  return {
    ...message,
    // An e-mail address is the one the owner's page shows already; a number shows its last four.
    maskedRecipient: message.channel === "email" ? (recipient ?? "") : maskPhone(recipient),
    providerId: providerId?.replace(/\d{10,}/g, (digits) => maskPhone(digits)) ?? null,
    // A queued message's sent_at is only the send it has taken of the hour's cap.
    at:
      message.state === "delivered" && deliveredAt
        ? deliveredAt
        : message.state === "sent" && sentAt
          ? sentAt
          : createdAt,
  };
}
