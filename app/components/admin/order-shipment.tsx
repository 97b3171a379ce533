import { PackageCheck, Printer, Repeat, RotateCcw, Timer, Truck } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { formatIstDateTime, istParts } from "~/domain/india-time";
import {
  type CourierMode,
  mayRetryBooking,
  nextShipmentState,
  SCAN_KINDS,
  SCAN_LABELS,
  type ScanKind,
  SHIPMENT_STATE_LABELS,
  type ShipmentState,
} from "~/domain/shipments";
import { PostButton } from "./post-button";

export type ShipmentView = {
  provider: "test" | "shiprocket";
  state: ShipmentState;
  courierName: string | null;
  awb: string | null;
  labelUrl: string | null;
  error: string | null;
  /** When the owner last asked for another attempt after a failed one (decision 074). */
  reattemptRequestedAt?: Date | string | null;
  scans: {
    kind: ScanKind;
    at: Date | string;
    description: string;
    location: string | null;
    /** Made by the owner's buttons for the test courier, marked "(test)" as the customer's are. */
    test?: boolean;
  }[];
  /** A booking that failed for now: when the shop asks the courier again (docs/decisions/069). */
  retry?: { at: Date | string } | { now: true } | null;
};

/** "The shop will try again at 14:32" (India's clock), or that it is trying now. */
export function retryText(retry: NonNullable<ShipmentView["retry"]>) {
  if ("now" in retry) return "The shop is trying again now.";
  const { hour, minute } = istParts(retry.at);
  return `The shop will try again at ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}.`;
}

/** The owner's names for the test courier's buttons. */
const TEST_SCAN_BUTTONS: Record<ScanKind, string> = {
  picked_up: "Mark picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  failed_attempt: "Failed attempt",
  delivered: "Delivered",
  rto_initiated: "Return to origin",
  rto_delivered: "Returned to shop",
};

/**
 * The order's parcel with the courier (docs/decisions/060): "Ship" when it has none, else its
 * courier, AWB, state and label, the courier's error with "Retry booking" (failed for good) or
 * when the shop tries again and "Try now" (failed for now), and for the test
 * courier the buttons that move it on, marked as a test. After a failed delivery attempt, "Ask for
 * another attempt" (decision 074). Nothing at all while COURIER=off and the order has no shipment.
 * An order refunded in full (`closed`) keeps its parcel shown, the evidence of a return or a
 * dispute, with nothing to book.
 */
export function OrderShipment({
  order,
  shipment,
  courierMode,
  action,
  awaitingPayment,
  closed = false,
}: {
  order: { id: string; status: string; trackingId: string | null };
  /** A card order not paid yet is not shipped. */
  awaitingPayment: boolean;
  /** Refunded in full (docs/decisions/049): nothing is booked for it any more. */
  closed?: boolean;
  shipment: ShipmentView | null;
  courierMode: CourierMode;
  action: string;
}) {
  if (!shipment) {
    if (courierMode === "off" || order.trackingId || awaitingPayment || closed) return null;
    if (order.status !== "pending" && order.status !== "processing") return null;
    return (
      <div className="grid gap-2">
        <PostButton
          action={action}
          fields={{ intent: "ship", orderId: order.id }}
          label="Ship"
          busyLabel="Booking..."
          variant="default"
          icon={<Truck aria-hidden="true" />}
        />
        <p className="text-muted-foreground text-xs">
          {courierMode === "test"
            ? "Books the parcel with the test courier (no real courier is called)."
            : "Books the cheapest courier through Shiprocket, prints the label and asks for a pickup."}
        </p>
      </div>
    );
  }
  const nextScans = SCAN_KINDS.filter((kind) => nextShipmentState(shipment.state, kind));
  const labelHref =
    shipment.labelUrl ??
    (shipment.provider === "test" && shipment.awb ? `/admin/orders/${order.id}/label` : null);
  return (
    <div className="grid gap-3 rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {shipment.courierName ?? (shipment.provider === "test" ? "Test Courier" : "Shiprocket")}
        </span>
        <Badge variant={shipment.state === "booking_failed" ? "destructive" : "secondary"}>
          {SHIPMENT_STATE_LABELS[shipment.state]}
        </Badge>
        {shipment.provider === "test" ? (
          <Badge variant="outline">TEST SHIPMENT — no real courier</Badge>
        ) : null}
        {shipment.state === "failed_attempt" ? (
          <Badge variant="destructive">Needs attention: delivery attempt failed</Badge>
        ) : null}
      </div>
      {shipment.awb ? (
        <p>
          AWB <span className="font-mono">{shipment.awb}</span>
        </p>
      ) : null}
      {shipment.error ? (
        <p role="alert" className="text-destructive">
          {shipment.error}
        </p>
      ) : null}
      {shipment.retry && !closed ? <p>{retryText(shipment.retry)}</p> : null}
      {shipment.state === "failed_attempt" && shipment.reattemptRequestedAt ? (
        <p>
          Another attempt was asked for on{" "}
          <time dateTime={new Date(shipment.reattemptRequestedAt).toISOString()}>
            {formatIstDateTime(shipment.reattemptRequestedAt)}
          </time>
          .
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {labelHref ? (
          <a
            href={labelHref}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-8 items-center gap-1.5 rounded-md border border-input px-3 font-medium text-sm hover:bg-secondary"
          >
            <Printer className="size-4" aria-hidden="true" /> Print label
          </a>
        ) : null}
        {shipment.state === "failed_attempt" && !closed ? (
          <PostButton
            action={action}
            fields={{ intent: "reattempt", orderId: order.id }}
            label="Ask for another attempt"
            busyLabel="Asking..."
            icon={<Repeat aria-hidden="true" />}
          />
        ) : null}
        {shipment.retry && "at" in shipment.retry && !closed ? (
          <PostButton
            action={action}
            fields={{ intent: "try-booking-now", orderId: order.id }}
            label="Try now"
            busyLabel="Booking..."
            icon={<Timer aria-hidden="true" />}
          />
        ) : null}
        {mayRetryBooking(shipment.state) && !closed ? (
          <PostButton
            action={action}
            fields={{ intent: "ship", orderId: order.id }}
            label="Retry booking"
            busyLabel="Booking..."
            icon={<RotateCcw aria-hidden="true" />}
          />
        ) : null}
      </div>
      {shipment.provider === "test" && nextScans.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="text-muted-foreground text-xs">Move the test shipment (test)</legend>
          <div className="flex flex-wrap gap-2">
            {nextScans.map((kind) => (
              <PostButton
                key={kind}
                action={action}
                fields={{ intent: "test-scan", orderId: order.id, kind }}
                label={`${TEST_SCAN_BUTTONS[kind]} (test)`}
                busyLabel="Saving..."
                icon={<PackageCheck aria-hidden="true" />}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {shipment.scans.length > 0 ? (
        <ol aria-label="Shipment updates" className="grid gap-1 border-border border-t pt-2">
          {shipment.scans.map((scan, index) => (
            <li key={index} className="flex flex-wrap gap-x-2">
              <time dateTime={new Date(scan.at).toISOString()} className="text-muted-foreground">
                {formatIstDateTime(scan.at)}
              </time>
              <span>
                {SCAN_LABELS[scan.kind]}
                {scan.test ? " (test)" : ""}
              </span>
              {scan.location ? (
                <span className="text-muted-foreground">{scan.location}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
