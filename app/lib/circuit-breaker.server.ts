/** Refused at once: the service failed too often lately (docs/decisions/069). */
export class CircuitOpenError extends Error {
  constructor(
    name: string,
    /** When a call will be let through again to see whether the service is back (ms). */
    readonly retryAt: number,
  ) {
    super(`${name} failed repeatedly; not asked again before ${new Date(retryAt).toISOString()}`);
  }
}

export type CircuitOptions = {
  /** The service's name, for the refusal's message. */
  name: string;
  /** Consecutive failures that open the circuit. */
  failuresToOpen: number;
  /** How long it stays open before one call is let through to try the service again. */
  coolDownMs: number;
  now?: () => number;
};

/**
 * A circuit breaker for one outside service in one process. Closed, every call goes through and
 * failures in a row are counted; at `failuresToOpen` it opens and calls are refused at once with
 * CircuitOpenError. After `coolDownMs` one call (the probe) goes through while the others are
 * still refused: its success closes the circuit, its failure opens it for another cool-down.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;

  constructor(private readonly options: CircuitOptions) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  get state(): "closed" | "open" | "half-open" {
    if (this.openedAt === null) return "closed";
    return this.now() - this.openedAt >= this.options.coolDownMs ? "half-open" : "open";
  }

  /**
   * Runs `call` unless the circuit is open. `isFailure` says which errors count against the
   * service (a refusal it answered on purpose, such as a bad request, may not); any success
   * closes the circuit.
   */
  async run<T>(call: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true) {
    const state = this.state;
    if (state === "open" || (state === "half-open" && this.probing)) {
      throw new CircuitOpenError(
        this.options.name,
        (this.openedAt ?? this.now()) + this.options.coolDownMs,
      );
    }
    const probe = state === "half-open";
    if (probe) this.probing = true;
    try {
      const result = await call();
      this.failures = 0;
      this.openedAt = null;
      return result;
    } catch (error) {
      if (isFailure(error)) {
        this.failures += 1;
        if (probe || this.failures >= this.options.failuresToOpen) this.openedAt = this.now();
      } else if (probe) {
        // The service answered: it is back, whatever it said.
        this.failures = 0;
        this.openedAt = null;
      }
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }

  /** Closed again, its count forgotten (a test, or the service was changed). */
  reset() {
    this.failures = 0;
    this.openedAt = null;
    this.probing = false;
  }
}
