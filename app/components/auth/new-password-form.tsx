import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { InputField } from "~/components/forms";
import { useCheckTypedOnArrival } from "~/components/lazy-checks";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { useAuthChecks } from "./use-auth-checks";

/** The page the reset e-mail's link opens: choose a new password. */
export function NewPasswordForm({
  token,
  lastResult,
}: {
  token: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "reset-password";
  const checks = useAuthChecks();
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    // Without its checks Conform would ask the server on every keystroke.
    shouldValidate: checks ? "onInput" : "onSubmit",
    onValidate: checks
      ? ({ formData }) => checks.parseWithZod(formData, { schema: checks.newPasswordSchema })
      : undefined,
  });
  useCheckTypedOnArrival(Boolean(checks), form, [fields.password]);
  const valid = checks?.newPasswordSchema.safeParse(form.value ?? {}).success ?? false;
  return (
    <Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <InputField
        meta={fields.password}
        label="New Password"
        type="password"
        autoComplete="new-password"
        disabled={submitting}
      />
      <Button type="submit" size="lg" disabled={submitting || (hydrated && !valid)}>
        {submitting ? "Saving..." : "Set New Password"}
      </Button>
    </Form>
  );
}
