import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { signUpSchema } from "~/domain/validation/auth";
import { TextField } from "./form-field";

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
  const schema = useMemo(() => signUpSchema(allowedEmailDomains), [allowedEmailDomains]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting =
    (navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-up") ||
    Boolean(done);
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const valid = schema.safeParse(form.value ?? {}).success;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField
        meta={fields.fullName}
        label="Full Name"
        autoComplete="name"
        disabled={submitting}
        placeholder="Your full name"
      />
      <TextField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        disabled={submitting}
        placeholder="you@gmail.com"
      />
      <TextField
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
