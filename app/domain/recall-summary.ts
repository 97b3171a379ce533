/**
 * How the back office words a batch recall (docs/decisions/067): the toast after "Recall batch"
 * and the state of each channel of a customer's notice. No I/O here.
 */

/** The channels a recall notice goes by, in the order the owner reads them. */
export const RECALL_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type RecallChannel = (typeof RECALL_CHANNELS)[number];

export type NoticeChannelOutcome = {
  channel: string;
  outcome: "queued" | "told-before" | "skipped";
  reason?: string;
};

export type RecallSummaryInput = {
  batch: string;
  newlyHeld: number;
  reallocated: readonly string[];
  needsAttention: readonly string[];
  notices: readonly { customerName: string; channels: readonly NoticeChannelOutcome[] }[];
};

const customers = (n: number) => `${n} ${n === 1 ? "customer" : "customers"}`;

/**
 * The toast: customers reached now by at least one channel, those no channel can reach (named),
 * and what the hold did to orders not yet shipped. Null when the recall changed nothing.
 */
export function recallToast(outcome: RecallSummaryInput) {
  const reached = outcome.notices.filter((n) => n.channels.some((c) => c.outcome === "queued"));
  const unreachable = outcome.notices.filter((n) =>
    n.channels.every((c) => c.outcome === "skipped"),
  );
  if (reached.length === 0 && outcome.newlyHeld === 0) return null;
  const none = "no e-mail, SMS or WhatsApp";
  const title =
    reached.length > 0
      ? `Recall notice sent to ${customers(reached.length)}${
          unreachable.length > 0 ? `; ${unreachable.length} could not be reached: ${none}` : ""
        }`
      : unreachable.length > 0
        ? `Batch ${outcome.batch} put on hold; ${customers(unreachable.length)} could not be reached: ${none}`
        : `Batch ${outcome.batch} put on hold`;
  const sentences: string[] = [];
  if (outcome.newlyHeld > 0 && reached.length > 0) {
    sentences.push("The batch is on hold.");
  }
  if (outcome.reallocated.length > 0) {
    sentences.push(`Re-allocated from other stock: ${outcome.reallocated.join(", ")}.`);
  }
  if (outcome.needsAttention.length > 0) {
    sentences.push(`Needs attention, no other stock: ${outcome.needsAttention.join(", ")}.`);
  }
  if (unreachable.length > 0) {
    sentences.push(`Not reached: ${unreachable.map((n) => n.customerName).join(", ")}.`);
  }
  return { title, description: sentences.length > 0 ? sentences.join(" ") : undefined };
}

/** A channel state's words; a state the log gains later (such as delivered) still reads. */
const STATE_LABELS: Record<string, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Skipped",
  "not-sent": "Not sent",
};

export function channelStateLabel(state: string) {
  return (
    STATE_LABELS[state] ?? state.charAt(0).toUpperCase() + state.slice(1).replace(/[-_]/g, " ")
  );
}

export const RECALL_CHANNEL_LABELS: Record<string, string> = {
  email: "E-mail",
  sms: "SMS",
  whatsapp: "WhatsApp",
};

/** How an order not yet shipped came out of the recall. */
export const RECALL_EFFECT_LABELS: Record<string, string> = {
  reallocated: "Re-allocated from another batch",
  held: "Needs attention: held, no other stock",
  released: "Hold lifted",
};
