import { data } from "react-router";
import { AppError } from "./app-error";
import type { Signer } from "./signer.server";
import type { Toast } from "./toast";
import { toastHeaders } from "./toast.server";

/**
 * Why an action was refused: the status of the answer and the error toast's title and message.
 * A thrown AppError is one, so it can be passed on as it is.
 */
export type ActionProblem = { status: number; title: string; message?: string };

/** A refusal with its message; 400 and titled 'Error' unless told otherwise, like AppError. */
export function refusal(
  message: string,
  { status = 400, title = "Error" }: { status?: number; title?: string } = {},
): ActionProblem {
  return { status, title, message };
}

/** An answer with a toast for the page the browser shows next; `body` goes out as it is. */
export async function respondWithToast<Body>(
  signer: Signer,
  toast: Toast,
  body: Body,
  { status, headers }: { status?: number; headers?: Headers } = {},
) {
  return data(body, { status, headers: await toastHeaders(signer, toast, headers) });
}

function errorToast({ title, message }: ActionProblem): Toast {
  return message === undefined
    ? { type: "error", title }
    : { type: "error", title, description: message };
}

/** A refused action whose body is the page's own, as it is: the problem's status and toast. */
export async function respondWithProblem<Body>(signer: Signer, problem: ActionProblem, body: Body) {
  return respondWithToast(signer, errorToast(problem), body, { status: problem.status });
}

/** A refused action: `{ ok: false, ...body }` with the problem's status and an error toast. */
export async function actionFailure<Body extends object = Record<never, never>>(
  signer: Signer,
  problem: ActionProblem,
  body?: Body,
) {
  return respondWithProblem(signer, problem, { ok: false as const, ...(body as Body) });
}

/** A done action: `{ ok: true, ...body }` with a toast saying what was done. */
export async function actionSuccess<Body extends object = Record<never, never>>(
  signer: Signer,
  toast: Toast,
  body?: Body,
) {
  return respondWithToast(signer, toast, { ok: true as const, ...(body as Body) });
}

/**
 * A refusal a service threw, answered as a failed action with its own status, title and message;
 * `title` replaces the error's own where the page names the failure its way.
 */
export async function appErrorFailure<Body extends object = Record<never, never>>(
  signer: Signer,
  error: AppError,
  body?: Body,
  { title = error.title }: { title?: string } = {},
) {
  return actionFailure(signer, { status: error.status, title, message: error.message }, body);
}

type Replying<Result> = {
  reply(options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): Result;
};

/** The form's answer to a refusal: beside its field when it names one, above the form otherwise. */
export function replyWithRefusal<Result>(submission: Replying<Result>, error: AppError) {
  return error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
    : submission.reply({ formErrors: [error.message] });
}

/** The first message of a failed Conform submission (its `error`), or `fallback` when it has none. */
export function firstErrorMessage(
  errors: Record<string, string[] | null> | null | undefined,
  fallback: string,
) {
  return (
    Object.values(errors ?? {})
      .flat()
      .find(Boolean) ?? fallback
  );
}

/**
 * Runs the handler the posted `intent` names: the one way an action behind which several forms
 * post tells them apart. An unknown or missing intent is refused (400, "Unknown action", with
 * `intent: null`) before any handler runs; a refusal a handler throws (an AppError) is answered as
 * a failed action that names the intent, so the page knows which form it belongs to.
 */
export async function runIntent<Handlers extends Record<string, () => Promise<unknown>>>(
  signer: Signer,
  intent: FormDataEntryValue | null,
  handlers: Handlers,
) {
  // Own keys only: "toString" or "__proto__" name no handler.
  const name = typeof intent === "string" && Object.hasOwn(handlers, intent) ? intent : null;
  const handler = name === null ? undefined : handlers[name];
  if (!handler) return actionFailure(signer, refusal("Unknown action"), { intent: null });
  try {
    return (await handler()) as Awaited<ReturnType<Handlers[keyof Handlers]>>;
  } catch (error) {
    if (error instanceof AppError) return appErrorFailure(signer, error, { intent: name });
    throw error;
  }
}
