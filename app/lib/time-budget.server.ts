/**
 * How long a shopper's request waits on an outside service (a courier's quote, a sign-in code's
 * SMS) before the shop answers without it (docs/decisions/069). Background jobs wait longer.
 */
export const SHOPPER_WAIT_MS = 1_500;

/**
 * Runs `work` for at most `ms`: past it, `signal` is aborted (a fetch given it stops) and the
 * promise rejects with `timeout()`, whether or not the work heeds the signal.
 */
export async function withinBudget<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  timeout: () => Error,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timeout();
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `promise`, or its rejection with the signal's reason once `signal` aborts: for a wait on work
 * shared with others, which this caller stops waiting for while it runs on.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}
