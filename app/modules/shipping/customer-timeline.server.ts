import { formatIstDateTime } from "../../domain/india-time";
import { escapeHtml } from "../../domain/mail-layout";
import { SCAN_LABELS } from "../../domain/shipments";
import { trackingUrlFor } from "./couriers.server";
import type { ShipmentTimeline } from "./shipments.server";

/**
 * The customer's view of a booked shipment on the Orders tab (docs/decisions/060): the courier,
 * the AWB linked to where the parcel is followed, and its scans oldest first. Written here as
 * HTML, so the page's own script does not grow by a timeline (/profile is at its size budget);
 * every text is escaped. Null until the parcel has an AWB.
 */
export function customerShipmentHtml(timeline: ShipmentTimeline | undefined): string | null {
  if (!timeline?.awb) return null;
  const awb = escapeHtml(timeline.awb);
  const courierName = escapeHtml(
    timeline.courierName ?? (timeline.provider === "test" ? "Test Courier" : "Courier"),
  );
  const href = escapeHtml(trackingUrlFor(timeline.provider, timeline.awb));
  const external = timeline.provider === "test" ? "" : ' target="_blank" rel="noreferrer"';
  const scans = timeline.scans
    .map((scan) => {
      const where = scan.location ? ` · ${escapeHtml(scan.location)}` : "";
      const test = scan.test ? " (test)" : "";
      return `<li><time datetime="${scan.at.toISOString()}" class="text-muted-foreground">${escapeHtml(formatIstDateTime(scan.at))}</time> ${escapeHtml(SCAN_LABELS[scan.kind])}${test}${where}</li>`;
    })
    .join("");
  return (
    `<div id="shipment-${awb}" class="grid gap-1 pt-2 text-sm">` +
    `<p><span class="text-muted-foreground">Courier: </span>${courierName}</p>` +
    `<p><span class="text-muted-foreground">AWB: </span><a href="${href}"${external} class="font-mono text-primary underline">${awb}</a></p>` +
    (scans ? `<ol aria-label="Shipment updates" class="grid gap-1">${scans}</ol>` : "") +
    "</div>"
  );
}
