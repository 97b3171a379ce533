import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatIstDateTime } from "~/domain/india-time";
import {
  CONSENT_LABELS,
  MESSAGE_CHANNEL_PHRASES,
  type MessageChannel,
} from "~/domain/order-messages";
import { profileAction } from "./action-data";

export type ConsentView = { channel: MessageChannel; optedInAt: string | null };

/**
 * The profile's order-update choices (docs/decisions/063): each channel on or off, turned on or
 * withdrawn with one button. Plain forms, so they work before JavaScript loads.
 */
export function MessageConsents({ consents }: { consents: readonly ConsentView[] }) {
  if (consents.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display font-semibold text-lg">Order Updates</h2>
        <CardDescription>
          Messages when your order is placed, shipped, out for delivery, delivered, cancelled or
          refunded, sent to the mobile number you sign in with, or else to each order's phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {consents.map(({ channel, optedInAt }) => (
          <Form
            key={channel}
            method="post"
            action={profileAction("profile")}
            className="flex flex-wrap items-center justify-between gap-3"
          >
            <input type="hidden" name="intent" value="message-consent" />
            <input type="hidden" name="channel" value={channel} />
            <input type="hidden" name="choice" value={optedInAt ? "withdraw" : "opt-in"} />
            <p className="text-sm">
              {optedInAt
                ? `Order updates ${MESSAGE_CHANNEL_PHRASES[channel]} are on, since ${formatIstDateTime(optedInAt)}.`
                : `Order updates ${MESSAGE_CHANNEL_PHRASES[channel]} are off.`}
            </p>
            <Button type="submit" variant={optedInAt ? "outline" : "default"}>
              {optedInAt
                ? `Stop order updates ${MESSAGE_CHANNEL_PHRASES[channel]}`
                : CONSENT_LABELS[channel]}
            </Button>
          </Form>
        ))}
      </CardContent>
    </Card>
  );
}
