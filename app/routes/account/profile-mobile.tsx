import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import {
  FormErrors,
  MobileCodeForm,
  type MobileFormResult,
  MobileNumberForm,
  useBusy,
} from "~/components/account/mobile-code-forms";
import { InputField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatMobile, INDIAN_MOBILE, isPlaceholderEmail } from "~/domain/mobile-number";
import { addEmailSchema, verifyCodeSchema } from "~/domain/validation/mobile-sign-in";
import { respondWithProblem, runIntent } from "~/lib/action-result.server";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requestAddedEmail } from "~/modules/accounts/add-email.server";
import {
  ADMIN_USES_EMAIL,
  confirmAddedNumber,
  mayAddNumber,
  signInNumberOf,
} from "~/modules/accounts/phone-sign-in.server";
import { requireUser } from "~/modules/accounts/session.server";
import { smsEnabled } from "~/modules/notifications/notifications.server";
import { getSettings } from "~/modules/settings/settings.server";
import { malformedCode, refusedCode, sendCodeStep } from "~/routes/auth/mobile-code.server";
import type { Route } from "./+types/profile-mobile";

export const meta: Route.MetaFunction = () => [
  { title: "Mobile number for sign-in | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

/**
 * A signed-in customer adds (or changes) the mobile number they may sign in with, proved by a
 * code sent to it (docs/decisions/062); then they sign in by e-mail or by mobile.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services.accounts, request);
  const current = await signInNumberOf(context.services.db, user.id);
  const number = new URL(request.url).searchParams.get("number") ?? "";
  return {
    /** A mobile-only account (its address is the placeholder) may add its own. */
    needsEmail: !user.isAdmin && isPlaceholderEmail(user.email),
    current: current ? formatMobile(current) : null,
    /** Why the page offers nothing, or null. */
    unavailable: user.isAdmin
      ? ADMIN_USES_EMAIL
      : smsEnabled(context.services.notifications)
        ? null
        : "Codes by SMS are not available at the moment.",
    number: INDIAN_MOBILE.test(number) ? number : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const user = await requireUser(context.services.accounts, request);
  if (!(await mayAddNumber(db, user.id))) {
    return respondWithProblem(
      context.services.signer,
      { status: 403, title: "Not available", message: ADMIN_USES_EMAIL },
      { intent: null, result: null },
    );
  }
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    "add-email": async () => {
      const intent = "add-email";
      const settings = await getSettings(db);
      const submission = parseWithZod(formData, {
        schema: addEmailSchema(settings.allowedEmailDomains),
      });
      if (submission.status !== "success") {
        return data(
          { intent, result: submission.reply({ hideFields: ["password"] }) },
          { status: 400 },
        );
      }
      const outcome = await requestAddedEmail(
        context.services.accounts,
        context.services.notifications.mail,
        {
          userId: user.id,
          ...submission.value,
          publicUrl: getEnv().PUBLIC_URL,
        },
      );
      if (!outcome.ok) {
        return respondWithProblem(
          context.services.signer,
          { status: 409, title: "E-mail address not added", message: outcome.message },
          {
            intent,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }),
          },
        );
      }
      return redirectWithToast(context.services.signer, "/profile/mobile", {
        type: "success",
        title: "Check your e-mail",
        description: `We sent a link to ${submission.value.email}. Open it to add the address to your account.`,
      });
    },
    "send-code": () =>
      sendCodeStep(
        context.services,
        formData,
        { purpose: "add-number", clientIp: context.clientIp, userId: user.id },
        (phoneNumber) => `/profile/mobile?number=${phoneNumber.slice(3)}`,
      ),
    verify: async () => {
      const submission = parseWithZod(formData, { schema: verifyCodeSchema });
      if (submission.status !== "success") return malformedCode(submission);
      const { phoneNumber, code } = submission.value;
      const outcome = await confirmAddedNumber(context.services.accounts, {
        userId: user.id,
        phoneNumber,
        code,
      });
      if (!outcome.ok) {
        return refusedCode(context.services.signer, submission, {
          status: outcome.reason === "taken" ? 409 : 400,
          title: "Not added",
          message: outcome.message,
        });
      }
      return redirectWithToast(context.services.signer, "/profile/mobile", {
        type: "success",
        title: "Mobile number added",
        description: `You can now sign in with ${formatMobile(phoneNumber)} or with your e-mail.`,
      });
    },
  });
}

export default function ProfileMobilePage({ loaderData, actionData }: Route.ComponentProps) {
  const resultOf = (intent: string): MobileFormResult =>
    actionData?.intent === intent && "result" in actionData
      ? (actionData.result as MobileFormResult)
      : null;
  const { current, unavailable, number, needsEmail } = loaderData;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-secondary px-4 py-10">
      <div className="w-full max-w-md">
        <Card>
          <CardHeader>
            <h1 className="font-display font-semibold text-2xl">Mobile number for sign-in</h1>
            <CardDescription>
              {current
                ? `You can sign in with ${current}.`
                : "Add your mobile number to sign in with a code sent by SMS."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {unavailable ? (
              <p>{unavailable}</p>
            ) : number ? (
              <MobileCodeForm
                id="profile-mobile"
                number={number}
                submitLabel="Verify Number"
                differentNumberHref="/profile/mobile"
                lastResult={resultOf("verify")}
                compact
              />
            ) : (
              <MobileNumberForm
                id="profile-mobile-number"
                label={current ? "New Mobile Number" : "Mobile Number"}
                lastResult={resultOf("send-code")}
                compact
              />
            )}
            {needsEmail ? <EmailForm lastResult={resultOf("add-email")} /> : null}
            <Link to="/profile" className="text-primary text-sm underline-offset-4 hover:underline">
              ← Back to Profile
            </Link>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

function EmailForm({ lastResult }: { lastResult: MobileFormResult }) {
  const busy = useBusy("add-email");
  const [form, fields] = useForm<{ email: string; password: string }>({
    id: "profile-add-email",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="add-email-heading"
      className="grid gap-4 border-border border-t pt-4"
    >
      <h2 id="add-email-heading" className="font-semibold">
        Add an e-mail address
      </h2>
      <p className="text-muted-foreground text-sm">
        Then you can also sign in with your e-mail and a password. We send a link to confirm it.
      </p>
      <input type="hidden" name="intent" value="add-email" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <InputField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        disabled={busy}
      />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={busy}
      />
      <Button type="submit" disabled={busy} className="w-fit">
        {busy ? "Sending..." : "Add E-mail Address"}
      </Button>
    </Form>
  );
}
