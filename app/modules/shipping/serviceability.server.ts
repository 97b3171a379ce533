import type { CourierProvider } from "../../domain/shipments";
import { CircuitBreaker } from "../../lib/circuit-breaker.server";
import { SHOPPER_WAIT_MS, withinBudget } from "../../lib/time-budget.server";
import {
  type Courier,
  CourierError,
  type Serviceability,
  type ServiceabilityQuery,
} from "./courier.server";

/**
 * A courier that fails this many times in a row (no answer in the budget, unreachable, a 5xx) is
 * not asked again for `CIRCUIT_COOL_DOWN_MS`; then one shopper's call tries it again
 * (docs/decisions/069).
 */
export const CIRCUIT_FAILURES_TO_OPEN = 3;
export const CIRCUIT_COOL_DOWN_MS = 30_000;

const COURIER_NAMES: Record<CourierProvider, string> = {
  test: "The test courier",
  shiprocket: "Shiprocket",
};

/** An error that says the courier is down, rather than an answer it gave on purpose (a 4xx). */
function isOutage(error: unknown) {
  return !(error instanceof CourierError) || error.retryable;
}

export type ServiceabilityCheck = {
  /**
   * Whether the shop's courier reaches a PIN code with a parcel of this weight, from the shop's
   * own PIN code (settings); null while COURIER=off, where the checkout charges its flat fees as
   * before. A shopper waits on it (the checkout, Place Order, the delivery estimate), so it is
   * given `SHOPPER_WAIT_MS` and refused at once while the courier's circuit is open; either
   * throws, and the caller falls back to the shop's own fees and promise.
   */
  check(
    shopPin: string,
    query: Omit<ServiceabilityQuery, "originPin">,
  ): Promise<Serviceability | null>;
  /** Closes the courier's circuit (a test, or the shop's PIN code changed). */
  reset(): void;
};

/** The serviceability question to `courier`, behind its one circuit. */
export function createServiceabilityCheck(courier: Courier | null): ServiceabilityCheck {
  if (!courier) return { check: async () => null, reset: () => {} };
  const name = COURIER_NAMES[courier.provider];
  const circuit = new CircuitBreaker({
    name,
    failuresToOpen: CIRCUIT_FAILURES_TO_OPEN,
    coolDownMs: CIRCUIT_COOL_DOWN_MS,
  });
  return {
    check: (shopPin, query) =>
      circuit.run(
        () =>
          withinBudget(
            SHOPPER_WAIT_MS,
            (signal) =>
              courier.serviceability(
                { ...query, pin: query.pin.trim(), originPin: shopPin },
                { signal },
              ),
            () => new CourierError(`${name} did not answer within ${SHOPPER_WAIT_MS} ms`, true),
          ),
        isOutage,
      ),
    reset: () => circuit.reset(),
  };
}
