import { actionFailure, actionSuccess, refusal } from "./action-result.server";
import type { Signer } from "./signer.server";

/** A parsed settings form (Conform's submission): its value once valid, and its reply. */
type SettingsSubmission<Value, Result> =
  | { status: "success"; value: Value; reply(): Result }
  | { status: "error" | undefined; reply(): Result };

/**
 * A back-office settings screen's save (the shop's settings, the message settings): a form with
 * fields in error goes back with their messages; a saved one says by their labels which fields
 * `save` reports changed, or that nothing had.
 */
export async function saveSettingsForm<Value, Result>(
  signer: Signer,
  submission: SettingsSubmission<Value, Result>,
  {
    title,
    save,
    label,
  }: {
    /** The toast's title once saved, such as "Settings saved". */
    title: string;
    /** Writes the settings and answers the names of the fields that changed. */
    save: (value: Value) => Promise<string[]>;
    label: (field: string) => string;
  },
) {
  if (submission.status !== "success") {
    return actionFailure(signer, refusal("Please correct the highlighted fields"), {
      result: submission.reply(),
    });
  }
  const changed = await save(submission.value);
  return actionSuccess(
    signer,
    {
      type: "success",
      title,
      description: changed.length
        ? `Changed: ${changed.map((field) => label(field)).join(", ")}`
        : "Nothing had changed",
    },
    { result: submission.reply() },
  );
}
