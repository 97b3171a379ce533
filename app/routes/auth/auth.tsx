import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useNavigate,
  useSearchParams,
} from "react-router";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { ResetRequestForm } from "~/components/auth/reset-request-form";
import { ShopHomeLink } from "~/components/auth/shop-home-link";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { deferred } from "~/components/deferred";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useHydrated } from "~/components/use-hydrated";
import {
  newPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "~/domain/validation/auth";
import {
  refusal,
  respondWithProblem,
  respondWithToast,
  runIntent,
} from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "~/modules/accounts/credentials.server";
import { getCurrentUser, safeRedirectPath } from "~/modules/accounts/session.server";
import { smsEnabled } from "~/modules/notifications/notifications.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { ShopServices } from "~/services.server";
import { completeWaitingActions, withPending } from "~/workflows/complete-waiting-actions.server";
import type { Route } from "./+types/auth";

/** The reset dialog (Radix's dialog) loads apart from the page; it opens only once hydrated. */
const ResetPasswordDialog = deferred(() =>
  import("~/components/auth/reset-password-dialog").then((module) => module.ResetPasswordDialog),
);

export const meta: Route.MetaFunction = () => [
  { title: "Sign In or Create an Account | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const user = await getCurrentUser(context.services.accounts, request);
  if (user && !token) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  const settings = await getSettings(context.services.db);
  return {
    allowedEmailDomains: settings.allowedEmailDomains,
    resetToken: token,
    resetLinkInvalid: url.searchParams.get("error") === "INVALID_TOKEN",
    mobileSignIn: smsEnabled(context.services.notifications),
  };
}

/** After sign-up the page itself moves on after 1 second (docs/SPEC.md §2), so do not redirect it now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  // React Router types actionResult as any (no route types reach shouldRevalidate): say its shape.
  (actionResult as { signedUp?: boolean } | undefined)?.signedUp ? false : defaultShouldRevalidate;

/** Each tab and dialog of the page posts here with its `intent`, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    "sign-in": () => signInIntent(context.services, request, formData, context.clientIp),
    "sign-up": () => signUpIntent(context.services, request, formData, context.clientIp),
    "request-reset": () => requestResetIntent(context.services, formData, context.clientIp),
    "reset-password": () => resetPasswordIntent(context.services, formData, context.clientIp),
  });
}

/**
 * A refused sign-in, sign-up or reset: 429 once the attempts ran out, 400 otherwise. The page's
 * answers carry no `ok` flag; its forms read their own `intent` and `result`.
 */
function refused(title: string, message: string, outcome: { reason?: string } = {}) {
  return refusal(message, { title, status: outcome.reason === "rate-limited" ? 429 : 400 });
}

async function signInIntent(
  services: ShopServices,
  request: Request,
  formData: FormData,
  clientIp: string,
) {
  const intent = "sign-in";
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const { email, password, asAdmin, redirectTo } = submission.value;
  const outcome = await signIn(
    services.accounts,
    { email, password, requireAdmin: asAdmin },
    request,
    clientIp,
  );
  if (!outcome.ok) {
    const result = submission.reply({ hideFields: ["password"] });
    if (outcome.reason === "not-admin") {
      // docs/SPEC.md §6: the account is not an administrator, so it is signed out again.
      return respondWithToast(
        services.signer,
        { type: "error", title: "Access Denied: Admin privileges not found" },
        { intent, result },
        { status: 403, headers: await signOut(services.accounts, request) },
      );
    }
    return respondWithProblem(
      services.signer,
      refused("Sign in failed", outcome.message ?? "Invalid email or password", outcome),
      { intent, result },
    );
  }
  if (asAdmin) {
    return redirectWithToast(
      services.signer,
      "/admin/dashboard",
      { type: "success", title: "Welcome, Admin!" },
      { headers: outcome.headers },
    );
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

async function signUpIntent(
  services: ShopServices,
  request: Request,
  formData: FormData,
  clientIp: string,
) {
  const intent = "sign-up";
  const settings = await getSettings(services.db);
  const submission = parseWithZod(formData, {
    schema: signUpSchema(settings.allowedEmailDomains),
  });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const outcome = await signUp(services.accounts, submission.value, request, clientIp);
  if (!outcome.ok) {
    return respondWithProblem(
      services.signer,
      refused("Sign up failed", outcome.message ?? "An error occurred during sign up", outcome),
      { intent, result: submission.reply({ hideFields: ["password"] }) },
    );
  }
  const pending = await completeWaitingActions(services, request, outcome.userId, outcome.headers);
  return respondWithToast(
    services.signer,
    {
      type: "success",
      title: "Account created successfully!",
      description: withPending("You are now signed in to your account.", pending),
    },
    { intent, signedUp: true as const, next: safeRedirectPath(submission.value.redirectTo) },
    { headers: outcome.headers },
  );
}

async function requestResetIntent(services: ShopServices, formData: FormData, clientIp: string) {
  const intent = "request-reset";
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    const missing = !String(formData.get("email") ?? "").trim();
    const problem = missing
      ? refused("Email required", "Please enter your email address")
      : refused("Failed to send reset email", submission.error?.email?.[0] ?? "Please try again");
    return respondWithProblem(services.signer, problem, { intent, sent: false });
  }
  const outcome = await requestPasswordReset(services.accounts, submission.value.email, clientIp);
  if (!outcome.ok) {
    return respondWithProblem(
      services.signer,
      refused("Failed to send reset email", outcome.message ?? "Please try again", outcome),
      { intent, sent: false },
    );
  }
  return respondWithToast(
    services.signer,
    {
      type: "success",
      title: "Password reset email sent!",
      description: "Please check your email for the password reset link.",
    },
    { intent, sent: true },
  );
}

async function resetPasswordIntent(services: ShopServices, formData: FormData, clientIp: string) {
  const intent = "reset-password";
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const outcome = await resetPassword(
    services.accounts,
    submission.value.token,
    submission.value.password,
    clientIp,
  );
  if (!outcome.ok) {
    return respondWithProblem(
      services.signer,
      refused(
        "Password reset failed",
        outcome.reason === "rate-limited" && outcome.message
          ? outcome.message
          : "This reset link is invalid or has expired. Please request a new one.",
        outcome,
      ),
      { intent, result: submission.reply({ hideFields: ["password"] }) },
    );
  }
  return redirectWithToast(services.signer, "/auth", {
    type: "success",
    title: "Password updated",
    description: "You can now sign in with your new password.",
  });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const tab =
    params.get("tab") === "sign-up" || actionData?.intent === "sign-up" ? "sign-up" : "sign-in";
  const resetOpen = params.has("reset");
  const signedUp = actionData !== undefined && "signedUp" in actionData && actionData.signedUp;
  // docs/SPEC.md §2 sends a new customer to /; one who came to add to the cart goes back there.
  const next = actionData !== undefined && "next" in actionData ? actionData.next : "/";
  /** What the server said of the form `intent` names, for that form alone. */
  const lastResultOf = (intent: string) =>
    actionData?.intent === intent && "result" in actionData ? actionData.result : null;
  const redirectTo = params.get("redirectTo") ?? undefined;

  // docs/SPEC.md §2: after sign-up the customer moves on after 1 second.
  useEffect(() => {
    if (!signedUp) return;
    const timer = window.setTimeout(() => navigate(next), 1000);
    return () => window.clearTimeout(timer);
  }, [signedUp, next, navigate]);

  const setTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === "sign-up") next.set("tab", "sign-up");
        else next.delete("tab");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const setResetOpen = useCallback(
    (open: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (open) next.set("reset", "1");
          else next.delete("reset");
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-secondary px-4 py-10">
      {/* Without JavaScript the browser itself moves on after 1 second. */}
      {signedUp && !hydrated ? <meta httpEquiv="refresh" content={`1;url=${next}`} /> : null}
      <ShopHomeLink />
      <main className="w-full max-w-md">
        {loaderData.resetToken ? (
          <Card>
            <CardHeader>
              <h1 className="font-display font-semibold text-2xl">Choose a new password</h1>
              <CardDescription>Enter a new password for your account.</CardDescription>
            </CardHeader>
            <CardContent>
              <NewPasswordForm
                token={loaderData.resetToken}
                lastResult={lastResultOf("reset-password")}
              />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader className="text-center">
              <h1 className="font-display font-semibold text-2xl">Welcome</h1>
              <CardDescription>Sign in to your account or create a new one</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {loaderData.resetLinkInvalid ? (
                <p
                  role="alert"
                  className="rounded-md bg-badge-red p-3 text-badge-red-foreground text-sm"
                >
                  This password reset link is invalid or has expired. Please request a new one.
                </p>
              ) : null}
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                  <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="sign-in" className="pt-4">
                  <SignInForm
                    lastResult={lastResultOf("sign-in")}
                    redirectTo={redirectTo}
                    onForgotPassword={() => setResetOpen(true)}
                  />
                  {!hydrated ? (
                    <p className="mt-4 text-center text-sm">
                      New here?{" "}
                      <Link
                        to={`?${signUpTabQuery(redirectTo)}`}
                        className="text-primary underline"
                      >
                        Create an account
                      </Link>
                    </p>
                  ) : null}
                </TabsContent>
                <TabsContent value="sign-up" className="pt-4">
                  <SignUpForm
                    lastResult={lastResultOf("sign-up")}
                    allowedEmailDomains={loaderData.allowedEmailDomains}
                    redirectTo={redirectTo}
                    done={signedUp}
                  />
                </TabsContent>
              </Tabs>
              {loaderData.mobileSignIn ? (
                <Link
                  to={
                    redirectTo
                      ? `/auth/mobile?${new URLSearchParams({ redirectTo })}`
                      : "/auth/mobile"
                  }
                  className={buttonVariants({ variant: "outline", size: "lg" })}
                >
                  Sign in with mobile number
                </Link>
              ) : null}
              {!hydrated && resetOpen ? (
                <section
                  aria-labelledby="reset-heading"
                  className="grid gap-3 border-border border-t pt-4"
                >
                  <h2 id="reset-heading" className="font-semibold">
                    Reset Password
                  </h2>
                  <ResetRequestForm Form={Form} sending={false} hydrated={false} />
                </section>
              ) : null}
            </CardContent>
          </Card>
        )}
      </main>
      <Link to="/" className="text-primary text-sm underline-offset-4 hover:underline">
        ← Back to Home
      </Link>
      {hydrated ? <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} /> : null}
    </div>
  );
}

function signUpTabQuery(redirectTo: string | undefined) {
  const query = new URLSearchParams({ tab: "sign-up" });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return query.toString();
}
