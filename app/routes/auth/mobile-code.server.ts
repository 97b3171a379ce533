import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formatMobile } from "~/domain/mobile-number";
import { sendCodeSchema } from "~/domain/validation/mobile-sign-in";
import { type ActionProblem, respondWithProblem } from "~/lib/action-result.server";
import type { Signer } from "~/lib/signer.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type PhoneOutcome, sendPhoneCode } from "~/modules/accounts/phone-sign-in.server";
import type { ShopServices } from "~/services.server";

/**
 * The answers of the number and code steps (`components/account/mobile-code-forms.tsx`) that
 * /auth/mobile and /profile/mobile share (docs/decisions/062).
 */

type Refusal = Extract<PhoneOutcome, { ok: false }>;

const NOT_SENT_STATUS: Partial<Record<Refusal["reason"], number>> = {
  "too-soon": 429,
  "rate-limited": 429,
  taken: 409,
  unavailable: 503,
  failed: 502,
};

/**
 * The number form's post (intent "send-code"): a code sent, then the code step at `codeStepHref`
 * with the "Code sent" toast; refused under the form with the "Code not sent" toast.
 */
export async function sendCodeStep(
  services: ShopServices,
  formData: FormData,
  code: { purpose: "sign-in" | "add-number"; clientIp: string; userId?: string },
  codeStepHref: (phoneNumber: string, redirectTo: string | undefined) => string,
) {
  const intent = "send-code";
  const submission = parseWithZod(formData, { schema: sendCodeSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  const { phoneNumber, redirectTo } = submission.value;
  const outcome = await sendPhoneCode(services.accounts, services.notifications.sms, {
    phoneNumber,
    ...code,
  });
  if (!outcome.ok) {
    return respondWithProblem(
      services.signer,
      {
        status: NOT_SENT_STATUS[outcome.reason] ?? 400,
        title: "Code not sent",
        message: outcome.message,
      },
      { intent, result: submission.reply({ formErrors: [outcome.message] }) },
    );
  }
  return redirectWithToast(services.signer, codeStepHref(phoneNumber, redirectTo), {
    type: "success",
    title: "Code sent",
    description: `We sent a 6-digit code to ${formatMobile(phoneNumber)}. It is valid for 5 minutes.`,
  });
}

type CodeSubmission<Result> = {
  reply(options: { fieldErrors?: Record<string, string[]>; hideFields?: string[] }): Result;
};

/** The code form's post (intent "verify") not read: 400, its messages, the code typed cleared. */
export function malformedCode<Result>(submission: CodeSubmission<Result>) {
  return data(
    { intent: "verify" as const, result: submission.reply({ hideFields: ["code"] }) },
    { status: 400 },
  );
}

/** The code refused by the service: its message under the code field, the code typed cleared. */
export function refusedCode<Result>(
  signer: Signer,
  submission: CodeSubmission<Result>,
  problem: ActionProblem & { message: string },
) {
  return respondWithProblem(signer, problem, {
    intent: "verify" as const,
    result: submission.reply({ fieldErrors: { code: [problem.message] }, hideFields: ["code"] }),
  });
}
