import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { MobileNumberField } from "~/components/account/mobile-number-field";
import { InputField } from "~/components/forms";
import { useToastsEndWithStep } from "~/components/step-toasts";
import { Button } from "~/components/ui/button";
import { formatMobile, mobileE164 } from "~/domain/mobile-number";

/**
 * The number and code steps of a mobile number proved by an SMS code (docs/decisions/062): signing
 * in on /auth/mobile and adding a sign-in number on /profile/mobile. Plain forms posting an
 * `intent` ("send-code", "verify"), so they work without JavaScript.
 */

export type MobileFormResult = SubmissionResult<string[]> | null;

/** Whether the form posting `intent` is on its way. */
export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** A form's own refusal (not a field's), above its fields. */
export function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
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

export function RedirectField({ redirectTo }: { redirectTo: string | undefined }) {
  return redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
}

type StepLook = {
  /** Buttons as wide as their words (a section of the profile), else large (a page of its own). */
  compact?: boolean;
};

/** The number a code is sent to. */
export function MobileNumberForm({
  id,
  label,
  redirectTo,
  lastResult,
  compact,
}: StepLook & {
  id: string;
  label: string;
  redirectTo?: string;
  lastResult: MobileFormResult;
}) {
  const busy = useBusy("send-code");
  useToastsEndWithStep();
  const [form, fields] = useForm<{ phoneNumber: string }>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <RedirectField redirectTo={redirectTo} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <MobileNumberField meta={fields.phoneNumber} label={label} disabled={busy} />
      <Button
        type="submit"
        disabled={busy}
        size={compact ? "md" : "lg"}
        className={compact ? "w-fit" : undefined}
      >
        {busy ? "Sending..." : "Send Code"}
      </Button>
    </Form>
  );
}

/**
 * The code sent to `number` (ten digits), which it names, and a way back to another number; with
 * `resend`, a second form asks for a new code, and the way back goes under it.
 */
export function MobileCodeForm({
  id,
  number,
  redirectTo,
  submitLabel,
  differentNumberHref,
  lastResult,
  resend,
  compact,
}: StepLook & {
  /** The forms' ids begin with it: `${id}-code`, `${id}-resend`. */
  id: string;
  number: string;
  redirectTo?: string;
  submitLabel: string;
  differentNumberHref: string;
  lastResult: MobileFormResult;
  resend?: { lastResult: MobileFormResult };
}) {
  const busy = useBusy("verify");
  useToastsEndWithStep();
  const [form, fields] = useForm<{ code: string }>({
    id: `${id}-code`,
    lastResult,
    shouldValidate: "onSubmit",
  });
  const differentNumber = (
    <Link
      to={differentNumberHref}
      className="text-primary text-sm underline-offset-4 hover:underline"
    >
      Use a different number
    </Link>
  );
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phoneNumber" value={number} />
        <RedirectField redirectTo={redirectTo} />
        <p className="text-sm">
          Code sent to <strong>{formatMobile(mobileE164(number))}</strong>
        </p>
        <InputField
          meta={fields.code}
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          disabled={busy}
        />
        <Button
          type="submit"
          disabled={busy}
          size={compact ? "md" : "lg"}
          className={compact ? "w-fit" : undefined}
        >
          {busy ? "Checking..." : submitLabel}
        </Button>
        {resend ? null : differentNumber}
      </Form>
      {resend ? (
        <ResendForm
          id={`${id}-resend`}
          number={number}
          redirectTo={redirectTo}
          lastResult={resend.lastResult}
        >
          {differentNumber}
        </ResendForm>
      ) : null}
    </>
  );
}

function ResendForm({
  id,
  number,
  redirectTo,
  lastResult,
  children,
}: {
  id: string;
  number: string;
  redirectTo?: string;
  lastResult: MobileFormResult;
  children: React.ReactNode;
}) {
  const busy = useBusy("send-code");
  const [form] = useForm({ id, lastResult, shouldValidate: "onSubmit" });
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
      {children}
    </Form>
  );
}
