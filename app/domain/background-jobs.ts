/**
 * Work that follows a commit (docs/decisions/055): its states and when a failed run is tried
 * again. No I/O here.
 */
import { type Backoff, retryDelay } from "./backoff";

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  failed: "Failed",
};

/** How a kind of job is retried: how often in all, how far apart, how long one run may take. */
export type JobRetry = Backoff & {
  maxAttempts: number;
  /** How long a claimed job belongs to the process running it; after that it is due again. */
  claimMs: number;
};

/**
 * After run number `attempts` (1 the first) failed: when to run it again, or null when it has
 * failed too often and is left for the owner to retry or dismiss.
 */
export function nextJobAttempt(
  attempts: number,
  retry: JobRetry,
  now: Date,
  random = Math.random,
): Date | null {
  if (attempts >= retry.maxAttempts) return null;
  return new Date(now.getTime() + retryDelay(attempts - 1, retry, random));
}

/** What a failure leaves as the job's last error: one line of at most 500 characters. */
export function jobErrorText(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "failed without a message";
}

/** Finished jobs are deleted after this many days (JOB_RETENTION_DAYS); failed ones stay. */
export const DEFAULT_JOB_RETENTION_DAYS = 30;
