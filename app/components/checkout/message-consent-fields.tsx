import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { CONSENT_LABELS, type MessageChannel } from "~/domain/order-messages";

export type MessageChoice = { channel: MessageChannel; checked: boolean };

/** The form field of a channel's choice, as the checkout schema reads it. */
export const CONSENT_FIELD: Record<MessageChannel, "whatsappUpdates" | "smsUpdates"> = {
  whatsapp: "whatsappUpdates",
  sms: "smsUpdates",
};

/**
 * The checkout's order-update choices (docs/decisions/063): plain checkboxes, unticked unless the
 * customer opted in before, sent with the order.
 */
export function MessageConsentFields({
  choices,
  disabled,
}: {
  choices: readonly MessageChoice[];
  disabled?: boolean;
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <legend className="px-1 font-display font-semibold text-xl">Order Updates</legend>
      {choices.map(({ channel, checked }) => (
        <div key={channel} className="flex items-center gap-2">
          <Checkbox
            id={`updates-${channel}`}
            name={CONSENT_FIELD[channel]}
            defaultChecked={checked}
            disabled={disabled}
          />
          <Label htmlFor={`updates-${channel}`}>{CONSENT_LABELS[channel]}</Label>
        </div>
      ))}
      <p className="text-muted-foreground text-sm">
        Sent to the mobile number you sign in with, or else to this order's phone. You can stop them
        at any time in your profile.
      </p>
    </fieldset>
  );
}
