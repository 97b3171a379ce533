import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { formatIstDateTime } from "~/domain/india-time";
import {
  MESSAGE_STATE_LABELS,
  type MessageState,
  type MessageView,
  NOTICE_CHANNEL_LABELS,
  noticeEventLabel,
} from "~/domain/order-messages";
import { PostButton } from "./post-button";

const TONES: Record<MessageState, BadgeVariant> = {
  queued: "warning",
  sent: "success",
  delivered: "success",
  failed: "destructive",
  skipped: "outline",
};

/**
 * docs/decisions/063, 081: notices of the log (an order's, or a customer's) on every channel,
 * each with its state; a failed one is sent again by posting to `action`.
 */
export function MessageLog({
  messages,
  action,
}: {
  messages: readonly MessageView[];
  action: string;
}) {
  return (
    <ul className="grid gap-2 text-sm">
      {messages.map((message) => (
        <li key={message.id} className="grid gap-1 rounded-md border border-border p-3">
          <div className="flex flex-wrap items-center gap-2">
            {/* One text, so the event's name reads as part of the line, not a label of its own. */}
            <span className="font-medium">
              {`${noticeEventLabel(message.event)} by ${NOTICE_CHANNEL_LABELS[message.channel]}${message.maskedRecipient ? ` to ${message.maskedRecipient}` : ""} `}
            </span>
            <Badge variant={TONES[message.state]}>{MESSAGE_STATE_LABELS[message.state]}</Badge>
            <span className="text-muted-foreground">{` ${formatIstDateTime(message.at)}`}</span>
          </div>
          {message.error ? <p className="text-muted-foreground">{message.error}</p> : null}
          {message.providerId ? (
            <p className="text-muted-foreground">{`Provider id: ${message.providerId}`}</p>
          ) : null}
          {message.state === "failed" ? (
            <div className="justify-self-start">
              <PostButton
                action={action}
                fields={{ intent: "send-message-again", messageId: message.id }}
                label="Send again"
                busyLabel="Queuing..."
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
