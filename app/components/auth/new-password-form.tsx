import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { newPasswordSchema } from "~/domain/validation/auth";
import { TextField } from "./form-field";

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
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const valid = newPasswordSchema.safeParse(form.value ?? {}).success;
  return (
    <Form method="post" action="/auth" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <TextField
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
