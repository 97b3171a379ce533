import type { Paise } from "../../domain/money";
import type { PostalAddress } from "../../domain/postal-address";
import type { CourierProvider, PackageSize, ScanKind } from "../../domain/shipments";
import { AppError } from "../../lib/app-error";

/**
 * One interface for every courier the shop books through (docs/decisions/060): the built-in test
 * courier and Shiprocket. COURIER=off has no courier at all (`courier()` returns null).
 */
export type Courier = {
  provider: CourierProvider;
  /**
   * Whether, in how many days and for how much a parcel of this weight reaches a PIN. `signal`
   * ends the wait early: a shopper's page waits only its budget (docs/decisions/069).
   */
  serviceability(
    query: ServiceabilityQuery,
    options?: { signal?: AbortSignal },
  ): Promise<Serviceability>;
  /**
   * Books one order: creates it at the courier (keyed by the order number, so a booking retried
   * after a crash finds the first), assigns the AWB and makes the label. `resume` carries what an
   * earlier attempt already got, so a retry continues where it stopped; `progress` is told each
   * step's result as it arrives, to be kept before the next step.
   */
  book(
    request: BookingRequest,
    resume?: Partial<Booking>,
    progress?: (done: Partial<Booking>) => Promise<void>,
  ): Promise<Booking>;
  /** One pickup for all these booked shipments. */
  requestPickup(shipments: { providerShipmentId: string }[]): Promise<{ pickupOn: string | null }>;
  /**
   * Asks the courier to attempt a failed delivery again (docs/decisions/074), to the order's
   * address and phone as they are now: the owner may have just corrected them.
   */
  requestReattempt(request: ReattemptRequest): Promise<void>;
  /** The latest scans of an AWB, oldest first. */
  track(awb: string): Promise<CourierScan[]>;
  /** Where the customer follows the parcel. */
  trackingUrl(awb: string): string;
  /**
   * Whether the courier has paid out the cash it collected for a booked order (by the courier's
   * own order id), and under which payout; null while it has not. Absent for a courier whose
   * payouts the owner records by hand (the test courier's button).
   */
  codRemittance?(providerOrderId: string): Promise<CodRemittance | null>;
  /**
   * A tracking webhook's JSON body as scans (none when its status moves nothing); throws
   * CourierWebhookError when the body is not one. Absent for a courier that sends none.
   */
  parseWebhook?(body: unknown): CourierScan[];
};

export type ServiceabilityQuery = {
  /** Where the parcel is picked up: the shop's PIN code (settings). */
  originPin: string;
  /** The delivery PIN code as typed; an invalid one is answered as not serviceable. */
  pin: string;
  weightGrams: number;
  /** Cash on delivery: the courier collects the order's total. */
  cod: boolean;
};

export type CourierQuote = {
  courierId: string;
  courierName: string;
  /** What the courier charges the shop, in paise. */
  charge: Paise;
  estimatedDays: number;
};

export type Serviceability =
  | {
      serviceable: true;
      /** Cheapest first. */
      quotes: CourierQuote[];
      /** False where only prepaid parcels are taken (the query may have asked for prepaid). */
      codAvailable: boolean;
    }
  | {
      serviceable: false;
      reason: "invalid_pin" | "not_serviced" | "cod_unavailable";
      message: string;
    };

export type BookingRequest = {
  orderNumber: string;
  orderDate: Date;
  address: PostalAddress;
  email: string | null;
  items: { name: string; sku: string; units: number; unitPrice: Paise; hsn: string }[];
  cod: boolean;
  /** What the order's goods add up to; a COD shipment collects `total`. */
  subtotal: Paise;
  total: Paise;
  weightGrams: number;
  size: PackageSize;
  /** Where the parcel is picked up: the shop's PIN code (settings). */
  originPin: string;
  /** The customer paid for express delivery: booked with the courier's faster service. */
  express: boolean;
};

export type ReattemptRequest = {
  awb: string;
  address: BookingRequest["address"];
};

export type Booking = {
  providerOrderId: string;
  providerShipmentId: string;
  courierName: string;
  awb: string;
  /** Shiprocket's label PDF; the test courier's label is a page of the shop (null here). */
  labelUrl: string | null;
};

/** A courier's payout of collected cash: its bank reference (UTR) and the day it was paid. */
export type CodRemittance = { reference: string; remittedAt: Date | null };

/** One scan, normalized: the AWB it is about, what happened, when and where. */
export type CourierScan = {
  awb: string;
  kind: ScanKind;
  /** The courier's own status ("DELIVERED", "RTO INITIATED"): with the AWB and time, one scan. */
  status: string;
  at: Date;
  /** The courier's own words for it ("Shipment delivered", "Consignee not available"). */
  description: string;
  location: string | null;
};

/**
 * A courier refused a call or could not be reached. `retryable` when the same call may go
 * through later (no answer, a 5xx, an expired token); a 4xx otherwise needs the owner.
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The courier's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A webhook body that is not a courier's tracking update. */
export class CourierWebhookError extends Error {}

/** A refusal of a shipping request, shown to the owner. */
export class ShipmentError extends AppError {
  constructor(message: string, status = 409) {
    super(message, { status });
  }
}
