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

/**
 * What the owner reads for each kind of job the shop runs (the kinds are declared with defineJob;
 * a test holds this list to them).
 */
export const JOB_KIND_LABELS: Record<string, string> = {
  "card-refund": "Card refund",
  "card-refund-check": "Card refund check",
  "cod-remittance-check": "COD remittance check",
  "courier-booking": "Courier booking",
  "courier-tracking": "Courier tracking",
  "customer-message": "SMS or WhatsApp message",
  mail: "E-mail",
  "stock-check": "Stock ledger check",
  "stock-refresh": "Daily stock refresh",
};

/** A kind's plain name; one no longer run (left from an older version) reads as stored. */
export function jobKindLabel(kind: string) {
  return Object.hasOwn(JOB_KIND_LABELS, kind) ? JOB_KIND_LABELS[kind]! : kind;
}

/** How a kind of job is retried: how often in all, how far apart, how long one run may take. */
export type JobRetry = Backoff & {
  maxAttempts: number;
  /**
   * The longest one run holds its job: the process running it renews its lease until then. A run
   * still going after that (hung) no longer holds it, and another process may take the job.
   */
  claimMs: number;
  /** The kind's own lease, shorter or longer than JOB_LEASE_MS (tests use a short one). */
  leaseMs?: number;
};

/**
 * How long a claim holds unless renewed (docs/decisions/055). The process running a job renews
 * its lease every third of this while the run lasts, so a live process keeps its job through two
 * missed renewals; a process that died stops renewing, and its job is due again this long after
 * the last renewal at most.
 */
export const JOB_LEASE_MS = 15_000;

/** The kind's lease: never longer than one run may hold its job. */
export function leaseOf(retry: JobRetry) {
  return Math.min(retry.leaseMs ?? JOB_LEASE_MS, retry.claimMs);
}

/** When a claim made at `claimedAt` holds until, renewed at `now`; null once the run is past its claim. */
export function leaseUntil(retry: JobRetry, claimedAt: number, now: number): Date | null {
  const end = claimedAt + retry.claimMs;
  if (now >= end) return null;
  return new Date(Math.min(now + leaseOf(retry), end));
}

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
