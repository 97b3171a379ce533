import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import {
  actionFailure,
  appErrorFailure,
  firstErrorMessage,
  refusal,
  replyWithRefusal,
} from "./action-result.server";
import type { AppError } from "./app-error";
import type { Signer } from "./signer.server";

/** The class of refusal a back-office service throws for its own editor (ProductAdminError…). */
type RefusalClass = abstract new (...args: never[]) => AppError;

/**
 * Saves a back-office editor form: parses `fields` with `schema` and hands what it holds to
 * `save`, whose answer is the action's. A form that does not parse is refused with its first
 * message; a refusal of the kind `refusedBy` that `save` throws is answered with its own status
 * and message, beside its field when it names one. Both failures name the intent and carry the
 * form's reply (`result`), so the form comes back with what was typed. Anything else is thrown on.
 */
export async function saveEditorForm<Schema extends $ZodType, Intent extends string, Answer>(
  signer: Signer,
  fields: FormData,
  { schema, intent, refusedBy }: { schema: Schema; intent: Intent; refusedBy: RefusalClass },
  save: (value: output<Schema>) => Promise<Answer>,
) {
  const submission = parseWithZod(fields, { schema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Please check the form");
    return actionFailure(signer, refusal(message), { intent, result: submission.reply() });
  }
  try {
    return await save(submission.value);
  } catch (error) {
    if (!(error instanceof refusedBy)) throw error;
    return appErrorFailure(signer, error, { intent, result: replyWithRefusal(submission, error) });
  }
}
