import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { InputField } from "~/components/forms";
import { ShieldCheck } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { adminLoginSchema } from "~/domain/validation/auth";
import { refusal, respondWithProblem, respondWithToast } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { signIn, signOut } from "~/modules/accounts/credentials.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context.services.accounts, request);
  if (user?.isAdmin) throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signIn(
    context.services.accounts,
    { ...submission.value, requireAdmin: true },
    request,
    context.clientIp,
  );
  if (outcome.ok) {
    return redirectWithToast(
      context.services.signer,
      "/admin/dashboard",
      { type: "success", title: "Welcome back, Admin!" },
      { headers: outcome.headers },
    );
  }
  const result = submission.reply({ hideFields: ["password"] });
  if (outcome.reason === "not-admin") {
    return respondWithToast(
      context.services.signer,
      { type: "error", title: "Unauthorized: Admin access required" },
      { result },
      { status: 403, headers: await signOut(context.services.accounts, request) },
    );
  }
  const message = outcome.message ?? "Invalid credentials or insufficient permissions";
  const status = outcome.reason === "rate-limited" ? 429 : 401;
  return respondWithProblem(
    context.services.signer,
    refusal(message, { status, title: "Login failed" }),
    { result },
  );
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-secondary px-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="font-display font-semibold text-2xl">Admin Login</h1>
          <CardDescription>Sign in to manage the store</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="grid gap-4">
            <InputField
              meta={fields.email}
              label="Email"
              type="email"
              autoComplete="username"
              disabled={submitting}
            />
            <InputField
              meta={fields.password}
              label="Password"
              type="password"
              autoComplete="current-password"
              disabled={submitting}
            />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Signing in..." : "Sign In"}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="text-primary underline-offset-4 hover:underline">
              ← Back to the shop
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
