import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import {
  FormErrors,
  MobileCodeForm,
  type MobileFormResult,
  MobileNumberForm,
  RedirectField,
  useBusy,
} from "~/components/account/mobile-code-forms";
import { ShopHomeLink } from "~/components/auth/shop-home-link";
import { InputField } from "~/components/forms";
import { useToastsEndWithStep } from "~/components/step-toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { INDIAN_MOBILE } from "~/domain/mobile-number";
import { mobileNameSchema, verifyCodeSchema } from "~/domain/validation/mobile-sign-in";
import { runIntent } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createAccountWithMobile, verifySignInCode } from "~/modules/accounts/phone-sign-in.server";
import { getCurrentUser, safeRedirectPath } from "~/modules/accounts/session.server";
import { smsEnabled } from "~/modules/notifications/notifications.server";
import type { ShopServices } from "~/services.server";
import { completeWaitingActions, withPending } from "~/workflows/complete-waiting-actions.server";
import type { Route } from "./+types/mobile";
import { malformedCode, refusedCode, sendCodeStep } from "./mobile-code.server";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with mobile number | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

/**
 * Sign-in with a mobile number (docs/decisions/062), in three plain forms that work without
 * JavaScript: the number, then the code sent to it (`?number=`), then, for a new number, the name.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getCurrentUser(context.services.accounts, request)) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  }
  if (!smsEnabled(context.services.notifications)) throw redirect("/auth");
  const number = url.searchParams.get("number") ?? "";
  return { number: INDIAN_MOBILE.test(number) ? number : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { notifications } = context.services;
  if (!smsEnabled(notifications)) throw redirect("/auth");
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    "send-code": () =>
      sendCodeStep(
        context.services,
        formData,
        { purpose: "sign-in", clientIp: context.clientIp },
        codeStep,
      ),
    verify: () => verifyIntent(context.services, request, formData, context.clientIp),
    "create-account": () =>
      createAccountIntent(context.services, request, formData, context.clientIp),
  });
}

const VERIFY_REFUSED_STATUS: Partial<Record<string, number>> = {
  admin: 403,
  "rate-limited": 429,
  failed: 502,
};

function codeStep(phoneNumber: string, redirectTo: string | undefined) {
  const query = new URLSearchParams({ number: phoneNumber.slice(3) });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return `/auth/mobile?${query}`;
}

async function verifyIntent(
  services: ShopServices,
  request: Request,
  formData: FormData,
  clientIp: string,
) {
  const submission = parseWithZod(formData, { schema: verifyCodeSchema });
  if (submission.status !== "success") return malformedCode(submission);
  const { phoneNumber, code, redirectTo } = submission.value;
  const outcome = await verifySignInCode(
    services.accounts,
    { phoneNumber, code },
    request,
    clientIp,
  );
  if (!outcome.ok) {
    return refusedCode(services.signer, submission, {
      status: VERIFY_REFUSED_STATUS[outcome.reason] ?? 400,
      title: "Sign in failed",
      message: outcome.message,
    });
  }
  if (outcome.kind === "new") {
    return data({ intent: "verify", ticket: outcome.ticket, phoneNumber, result: null });
  }
  const pending = await completeWaitingActions(services, request, outcome.userId, outcome.headers);
  return redirectWithToast(
    services.signer,
    safeRedirectPath(redirectTo),
    {
      type: "success",
      title: "Welcome back!",
      description: withPending("You have successfully signed in.", pending),
      delayMs: 500,
    },
    { headers: outcome.headers },
  );
}

async function createAccountIntent(
  services: ShopServices,
  request: Request,
  formData: FormData,
  clientIp: string,
) {
  const intent = "create-account";
  const submission = parseWithZod(formData, { schema: mobileNameSchema });
  const ticket = String(formData.get("ticket") ?? "");
  const phoneNumber = String(formData.get("phoneNumber") ?? "");
  if (submission.status !== "success") {
    return data({ intent, ticket, phoneNumber, result: submission.reply() }, { status: 400 });
  }
  const { redirectTo, ...input } = submission.value;
  const outcome = await createAccountWithMobile(services.accounts, input, request, clientIp);
  if (!outcome.ok) {
    // The ticket is spent or has expired: the customer starts again from their number.
    return redirectWithToast(services.signer, codeStep(input.phoneNumber, redirectTo), {
      type: "error",
      title: "Sign up failed",
      description: outcome.message,
    });
  }
  const pending = await completeWaitingActions(services, request, outcome.userId, outcome.headers);
  return redirectWithToast(
    services.signer,
    safeRedirectPath(redirectTo),
    {
      type: "success",
      title: "Account created successfully!",
      description: withPending("You are now signed in to your account.", pending),
    },
    { headers: outcome.headers },
  );
}

export default function MobileSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const resultOf = (intent: string): MobileFormResult =>
    actionData?.intent === intent && "result" in actionData
      ? (actionData.result as MobileFormResult)
      : null;
  const naming =
    actionData &&
    "ticket" in actionData &&
    (actionData.intent === "verify" || actionData.intent === "create-account")
      ? { ticket: actionData.ticket, phoneNumber: actionData.phoneNumber }
      : null;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-secondary px-4 py-10">
      <ShopHomeLink />
      <main className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <h1 className="font-display font-semibold text-2xl">Sign in with mobile number</h1>
            <CardDescription>
              {naming
                ? "Your number is verified. Tell us your name to create your account."
                : loaderData.number
                  ? "Enter the 6-digit code we sent you by SMS."
                  : "We will send a 6-digit code to your mobile by SMS."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {naming ? (
              <NameForm
                {...naming}
                redirectTo={redirectTo}
                lastResult={resultOf("create-account")}
              />
            ) : loaderData.number ? (
              <MobileCodeForm
                id="mobile"
                number={loaderData.number}
                redirectTo={redirectTo}
                submitLabel="Verify and Sign In"
                differentNumberHref={
                  redirectTo
                    ? `/auth/mobile?${new URLSearchParams({ redirectTo })}`
                    : "/auth/mobile"
                }
                lastResult={resultOf("verify")}
                resend={{ lastResult: resultOf("send-code") }}
              />
            ) : (
              <MobileNumberForm
                id="mobile-number"
                label="Mobile Number"
                redirectTo={redirectTo}
                lastResult={resultOf("send-code")}
              />
            )}
          </CardContent>
        </Card>
      </main>
      <Link
        to={redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth"}
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Sign in with e-mail instead
      </Link>
    </div>
  );
}

function NameForm({
  ticket,
  phoneNumber,
  redirectTo,
  lastResult,
}: {
  ticket: string;
  phoneNumber: string;
  redirectTo?: string;
  lastResult: MobileFormResult;
}) {
  const busy = useBusy("create-account");
  useToastsEndWithStep();
  const [form, fields] = useForm<{ fullName: string }>({
    id: "mobile-name",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="create-account" />
      <input type="hidden" name="ticket" value={ticket} />
      <input type="hidden" name="phoneNumber" value={phoneNumber.replace(/^\+91/, "")} />
      <RedirectField redirectTo={redirectTo} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <InputField
        meta={fields.fullName}
        label="Full Name"
        autoComplete="name"
        autoFocus
        disabled={busy}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
