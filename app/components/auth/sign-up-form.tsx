import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { InputField } from "~/components/forms";
import { useCheckTypedOnArrival } from "~/components/lazy-checks";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { useAuthChecks } from "./use-auth-checks";

export function SignUpForm({
  lastResult,
  allowedEmailDomains,
  redirectTo,
  done,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  allowedEmailDomains: string[];
  redirectTo?: string;
  /** The account was created; the page is about to move on. */
  done?: boolean;
}) {
  const checks = useAuthChecks();
  const schema = useMemo(
    () => checks?.signUpSchema(allowedEmailDomains),
    [checks, allowedEmailDomains],
  );
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting =
    (navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-up") ||
    Boolean(done);
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    // Without its checks Conform would ask the server on every keystroke.
    shouldValidate: checks && schema ? "onInput" : "onSubmit",
    onValidate:
      checks && schema ? ({ formData }) => checks.parseWithZod(formData, { schema }) : undefined,
  });
  useCheckTypedOnArrival(Boolean(checks && schema), form, [
    fields.fullName,
    fields.email,
    fields.password,
  ]);
  const valid = schema?.safeParse(form.value ?? {}).success ?? false;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <InputField
        meta={fields.fullName}
        label="Full Name"
        autoComplete="name"
        disabled={submitting}
        placeholder="Your full name"
      />
      <InputField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        disabled={submitting}
        placeholder="you@gmail.com"
      />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={submitting}
      />
      <Button type="submit" size="lg" disabled={submitting || (hydrated && !valid)}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
