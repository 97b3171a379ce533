import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Leaf } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { PhoneField } from "~/components/account/phone-field";
import { InputField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatMobile, INDIAN_MOBILE, mobileE164 } from "~/domain/mobile-number";
import {
  mobileNameSchema,
  sendCodeSchema,
  verifyCodeSchema,
} from "~/domain/validation/mobile-sign-in";
import { respondWithProblem, runIntent } from "~/lib/action-result.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  createAccountWithMobile,
  sendPhoneCode,
  verifySignInCode,
} from "~/modules/accounts/phone-sign-in.server";
import { getCurrentUser, safeRedirectPath } from "~/modules/accounts/session.server";
import { smsEnabled } from "~/modules/notifications/sms.server";
import { completeWaitingActions, withPending } from "~/workflows/complete-waiting-actions.server";
import type { Route } from "./+types/mobile";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with mobile number | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

/**
 * Sign-in with a mobile number (docs/decisions/062), in three plain forms that work without
 * JavaScript: the number, then the code sent to it (`?number=`), then, for a new number, the name.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getCurrentUser(request)) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  }
  if (!smsEnabled()) throw redirect("/auth");
  const number = url.searchParams.get("number") ?? "";
  return { number: INDIAN_MOBILE.test(number) ? number : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!smsEnabled()) throw redirect("/auth");
  const formData = await readForm(request);
  return runIntent(formData.get("intent"), {
    "send-code": () => sendCodeIntent(formData, context.clientIp),
    verify: () => verifyIntent(request, formData, context.clientIp),
    "create-account": () => createAccountIntent(request, formData, context.clientIp),
  });
}

function codeStep(phoneNumber: string, redirectTo: string | undefined) {
  const query = new URLSearchParams({ number: phoneNumber.slice(3) });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return `/auth/mobile?${query}`;
}

const STATUS = { "too-soon": 429, "rate-limited": 429, unavailable: 503, failed: 502 } as const;

async function sendCodeIntent(formData: FormData, clientIp: string) {
  const intent = "send-code";
  const submission = parseWithZod(formData, { schema: sendCodeSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  const { phoneNumber, redirectTo } = submission.value;
  const outcome = await sendPhoneCode(db(), { phoneNumber, purpose: "sign-in", clientIp });
  if (!outcome.ok) {
    return respondWithProblem(
      {
        status: STATUS[outcome.reason as keyof typeof STATUS] ?? 400,
        title: "Code not sent",
        message: outcome.message,
      },
      { intent, result: submission.reply({ formErrors: [outcome.message] }) },
    );
  }
  return redirectWithToast(codeStep(phoneNumber, redirectTo), {
    type: "success",
    title: "Code sent",
    description: `We sent a 6-digit code to ${formatMobile(phoneNumber)}. It is valid for 5 minutes.`,
  });
}

async function verifyIntent(request: Request, formData: FormData, clientIp: string) {
  const intent = "verify";
  const submission = parseWithZod(formData, { schema: verifyCodeSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const { phoneNumber, code, redirectTo } = submission.value;
  const outcome = await verifySignInCode(db(), { phoneNumber, code }, request, clientIp);
  if (!outcome.ok) {
    return respondWithProblem(
      {
        status: outcome.reason === "admin" ? 403 : outcome.reason === "failed" ? 502 : 400,
        title: "Sign in failed",
        message: outcome.message,
      },
      {
        intent,
        result: submission.reply({
          fieldErrors: { code: [outcome.message] },
          hideFields: ["code"],
        }),
      },
    );
  }
  if (outcome.kind === "new") {
    return data({ intent, ticket: outcome.ticket, phoneNumber, result: null });
  }
  const pending = await completeWaitingActions(db(), request, outcome.userId, outcome.headers);
  return redirectWithToast(
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

async function createAccountIntent(request: Request, formData: FormData, clientIp: string) {
  const intent = "create-account";
  const submission = parseWithZod(formData, { schema: mobileNameSchema });
  const ticket = String(formData.get("ticket") ?? "");
  const phoneNumber = String(formData.get("phoneNumber") ?? "");
  if (submission.status !== "success") {
    return data({ intent, ticket, phoneNumber, result: submission.reply() }, { status: 400 });
  }
  const { redirectTo, ...input } = submission.value;
  const outcome = await createAccountWithMobile(input, request, clientIp);
  if (!outcome.ok) {
    // The ticket is spent or has expired: the customer starts again from their number.
    return redirectWithToast(codeStep(input.phoneNumber, redirectTo), {
      type: "error",
      title: "Sign up failed",
      description: outcome.message,
    });
  }
  const pending = await completeWaitingActions(db(), request, outcome.userId, outcome.headers);
  return redirectWithToast(
    safeRedirectPath(redirectTo),
    {
      type: "success",
      title: "Account created successfully!",
      description: withPending("You are now signed in to your account.", pending),
    },
    { headers: outcome.headers },
  );
}

type Result = SubmissionResult<string[]> | null;

export default function MobileSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const resultOf = (intent: string): Result =>
    actionData?.intent === intent && "result" in actionData ? (actionData.result as Result) : null;
  const naming =
    actionData &&
    "ticket" in actionData &&
    (actionData.intent === "verify" || actionData.intent === "create-account")
      ? { ticket: actionData.ticket, phoneNumber: actionData.phoneNumber }
      : null;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-secondary px-4 py-10">
      <Link to="/" className="flex items-center gap-2" aria-label="Satara Ayurveda home">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Leaf className="size-6" aria-hidden="true" />
        </span>
        <span className="font-display font-semibold text-2xl text-primary">Satara Ayurveda</span>
      </Link>
      <main className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <h1 className="font-display font-semibold text-2xl">Sign in with mobile number</h1>
            <CardDescription>
              {naming
                ? "Your number is verified. Tell us your name to create your account."
                : loaderData.number
                  ? `Enter the 6-digit code we sent by SMS to ${formatMobile(mobileE164(loaderData.number))}.`
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
              <>
                <CodeForm
                  number={loaderData.number}
                  redirectTo={redirectTo}
                  lastResult={resultOf("verify")}
                />
                <ResendForm
                  number={loaderData.number}
                  redirectTo={redirectTo}
                  lastResult={resultOf("send-code")}
                />
              </>
            ) : (
              <NumberForm redirectTo={redirectTo} lastResult={resultOf("send-code")} />
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

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md bg-badge-red p-3 text-badge-red-foreground text-sm"
    >
      {errors[0]}
    </p>
  );
}

function RedirectField({ redirectTo }: { redirectTo: string | undefined }) {
  return redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
}

function NumberForm({ redirectTo, lastResult }: { redirectTo?: string; lastResult: Result }) {
  const busy = useBusy("send-code");
  const [form, fields] = useForm<{ phoneNumber: string }>({
    id: "mobile-number",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <RedirectField redirectTo={redirectTo} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <PhoneField
        meta={fields.phoneNumber}
        label="Mobile Number"
        description="10 digits; +91 is added for you."
        disabled={busy}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Sending..." : "Send Code"}
      </Button>
    </Form>
  );
}

function CodeForm({
  number,
  redirectTo,
  lastResult,
}: {
  number: string;
  redirectTo?: string;
  lastResult: Result;
}) {
  const busy = useBusy("verify");
  const [form, fields] = useForm<{ code: string }>({
    id: "mobile-code",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="phoneNumber" value={number} />
      <RedirectField redirectTo={redirectTo} />
      <InputField
        meta={fields.code}
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        disabled={busy}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Checking..." : "Verify and Sign In"}
      </Button>
    </Form>
  );
}

function ResendForm({
  number,
  redirectTo,
  lastResult,
}: {
  number: string;
  redirectTo?: string;
  lastResult: Result;
}) {
  const busy = useBusy("send-code");
  const [form] = useForm({ id: "mobile-resend", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2 border-border border-t pt-4">
      <input type="hidden" name="intent" value="send-code" />
      <input type="hidden" name="phoneNumber" value={number} />
      <RedirectField redirectTo={redirectTo} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <p className="text-muted-foreground text-sm">
        No SMS? You can ask for a new code 30 seconds after the last one.
      </p>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Sending..." : "Send a New Code"}
      </Button>
      <Link
        to={redirectTo ? `/auth/mobile?${new URLSearchParams({ redirectTo })}` : "/auth/mobile"}
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Use a different number
      </Link>
    </Form>
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
  lastResult: Result;
}) {
  const busy = useBusy("create-account");
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
