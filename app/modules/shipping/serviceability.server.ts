import type { CourierProvider } from "../../domain/shipments";
import { CircuitBreaker } from "../../lib/circuit-breaker.server";
import { singleton } from "../../lib/singleton.server";
import { SHOPPER_WAIT_MS, withinBudget } from "../../lib/time-budget.server";
import { CourierError, type Serviceability, type ServiceabilityQuery } from "./courier.server";
import { courier } from "./couriers.server";

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

/** One circuit per courier and process. */
const circuits = singleton("courier circuits", () => new Map<CourierProvider, CircuitBreaker>());

function circuitOf(provider: CourierProvider) {
  let circuit = circuits.get(provider);
  if (!circuit) {
    circuit = new CircuitBreaker({
      name: COURIER_NAMES[provider],
      failuresToOpen: CIRCUIT_FAILURES_TO_OPEN,
      coolDownMs: CIRCUIT_COOL_DOWN_MS,
    });
    circuits.set(provider, circuit);
  }
  return circuit;
}

/** An error that says the courier is down, rather than an answer it gave on purpose (a 4xx). */
function isOutage(error: unknown) {
  return !(error instanceof CourierError) || error.retryable;
}

/**
 * Whether the shop's courier reaches a PIN code with a parcel of this weight, from the shop's own
 * PIN code (settings); null while COURIER=off, where the checkout charges its flat fees as before.
 * A shopper waits on it (the checkout, Place Order, the delivery estimate), so it is given
 * `SHOPPER_WAIT_MS` and refused at once while the courier's circuit is open; either throws, and
 * the caller falls back to the shop's own fees and promise.
 */
export async function checkServiceability(
  shopPin: string,
  query: Omit<ServiceabilityQuery, "originPin">,
): Promise<Serviceability | null> {
  const current = courier();
  if (!current) return null;
  const name = COURIER_NAMES[current.provider];
  return circuitOf(current.provider).run(
    () =>
      withinBudget(
        SHOPPER_WAIT_MS,
        (signal) =>
          current.serviceability(
            { ...query, pin: query.pin.trim(), originPin: shopPin },
            { signal },
          ),
        () => new CourierError(`${name} did not answer within ${SHOPPER_WAIT_MS} ms`, true),
      ),
    isOutage,
  );
}

/** Closes every courier's circuit (a test, or the courier was changed). */
export function resetCourierCircuits() {
  for (const circuit of circuits.values()) circuit.reset();
}
