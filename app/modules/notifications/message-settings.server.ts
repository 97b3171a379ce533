import { eq } from "drizzle-orm";
import { messageSettings, settings } from "../../../db/schema";
import { canonicalJson } from "../../domain/audit-changes";
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  TEMPLATE_EVENTS,
  type TemplateEvent,
} from "../../domain/order-messages";
import type {
  MessageSettingsInput,
  MessageTemplates,
} from "../../domain/validation/order-messages";
import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";

export type MessageSettings = {
  templates: MessageTemplates;
  smsSenderId: string;
  whatsappLanguage: string;
  orderMessagesPerHour: number;
  /** Sign-in codes (docs/decisions/062), kept on the shop's settings row. */
  smsSignInTemplateId: string | null;
  smsCodesPerHour: number;
  updatedAt: Date;
};

/** The sign-in code fields of the shop's settings row (written at start by ensureSettings). */
async function signInCodeSettings(executor: Executor, lock = false) {
  const query = executor
    .select({
      smsSignInTemplateId: settings.smsSignInTemplateId,
      smsCodesPerHour: settings.smsCodesPerHour,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new Error("settings row missing");
  return row;
}

/** Every event with both channels' templates, "" where none is set. */
function completeTemplates(stored: Partial<MessageTemplates>): MessageTemplates {
  return Object.fromEntries(
    TEMPLATE_EVENTS.map((event) => [
      event,
      Object.fromEntries(
        MESSAGE_CHANNELS.map((channel) => [channel, stored[event]?.[channel] ?? ""]),
      ),
    ]),
  ) as MessageTemplates;
}

/** The message settings (migration 0025 writes their one row; a missing row is written again). */
export async function getMessageSettings(executor: Executor): Promise<MessageSettings> {
  let [row] = await executor.select().from(messageSettings).where(eq(messageSettings.id, 1));
  if (!row) {
    await executor.insert(messageSettings).values({ id: 1 }).onConflictDoNothing();
    [row] = await executor.select().from(messageSettings).where(eq(messageSettings.id, 1));
  }
  if (!row) throw new Error("message settings row missing");
  const signIn = await signInCodeSettings(executor);
  return {
    templates: completeTemplates(row.templates),
    smsSenderId: row.smsSenderId,
    whatsappLanguage: row.whatsappLanguage,
    orderMessagesPerHour: row.orderMessagesPerHour,
    ...signIn,
    updatedAt: row.updatedAt,
  };
}

/** The template an event's message uses on a channel, or null when none is set. */
export function templateFor(
  settings: MessageSettings,
  event: TemplateEvent,
  channel: MessageChannel,
) {
  return settings.templates[event]?.[channel] || null;
}

/**
 * Saves the message settings (and the sign-in code fields of the shop's settings) and audits what changed (before and after), in one transaction;
 * saving the same values writes nothing. Returns the names of the changed fields.
 */
export async function updateMessageSettings(
  database: Database,
  actorId: string,
  input: MessageSettingsInput,
): Promise<string[]> {
  return database.transaction(async (tx) => {
    await getMessageSettings(tx);
    const [current] = await tx
      .select()
      .from(messageSettings)
      .where(eq(messageSettings.id, 1))
      .for("update");
    if (!current) throw new Error("message settings row missing");
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const currentTemplates = completeTemplates(current.templates);
    for (const field of ["smsSenderId", "whatsappLanguage", "orderMessagesPerHour"] as const) {
      if (current[field] !== input[field]) {
        before[field] = current[field];
        after[field] = input[field];
      }
    }
    if (canonicalJson(currentTemplates) !== canonicalJson(input.templates)) {
      before.templates = currentTemplates;
      after.templates = input.templates;
    }
    const signIn = await signInCodeSettings(tx, true);
    const signInAfter: Partial<typeof signIn> = {};
    for (const field of ["smsSignInTemplateId", "smsCodesPerHour"] as const) {
      if (signIn[field] !== input[field]) {
        before[field] = signIn[field];
        after[field] = input[field];
        Object.assign(signInAfter, { [field]: input[field] });
      }
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return changed;
    const { smsSignInTemplateId: _t, smsCodesPerHour: _c, ...messageAfter } = after;
    if (Object.keys(messageAfter).length > 0) {
      await tx.update(messageSettings).set(messageAfter).where(eq(messageSettings.id, 1));
    }
    if (Object.keys(signInAfter).length > 0) {
      await tx.update(settings).set(signInAfter).where(eq(settings.id, 1));
    }
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "message-settings",
      entityId: "1",
      label: "Message settings",
      changes: { before, after },
    });
    return changed;
  });
}
