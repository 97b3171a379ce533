import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { InputField } from "~/components/forms";
import { useCheckTypedOnArrival } from "~/components/lazy-checks";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import { useAuthChecks } from "./use-auth-checks";

export function SignInForm({
  lastResult,
  redirectTo,
  onForgotPassword,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string;
  onForgotPassword?: () => void;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const checks = useAuthChecks();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    // Without its checks Conform would ask the server on every keystroke.
    shouldValidate: checks ? "onInput" : "onSubmit",
    onValidate: checks
      ? ({ formData }) => checks.parseWithZod(formData, { schema: checks.signInSchema })
      : undefined,
  });
  useCheckTypedOnArrival(Boolean(checks), form, [fields.email, fields.password]);
  const valid = checks?.signInSchema.safeParse(form.value ?? {}).success ?? false;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-in" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <InputField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        disabled={submitting}
        placeholder="you@example.com"
      />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        disabled={submitting}
      />
      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Checkbox id="sign-in-as-admin" name="asAdmin" disabled={submitting} />
          <Label htmlFor="sign-in-as-admin">Sign in as Admin</Label>
        </div>
        <Link
          to="?reset=1"
          preventScrollReset
          replace
          className="text-primary text-sm underline-offset-4 hover:underline"
          onClick={(event) => {
            if (!onForgotPassword) return;
            event.preventDefault();
            onForgotPassword();
          }}
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={submitting || (hydrated && !valid)}>
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}
