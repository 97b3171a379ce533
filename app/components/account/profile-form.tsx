import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useFetcher } from "react-router";
import { InputField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type ProfileActionData, profileAction } from "./action-data";
import { PhoneField } from "./phone-field";
import { useProfileChecks } from "./use-profile-checks";

export type EditableProfile = { fullName: string; email: string; phone: string | null };

/**
 * docs/SPEC.md §2 Profile tab: full name and phone can be changed; the e-mail is shown read-only.
 * A mobile-only account (`signInNumber`) has no e-mail address to show: its sign-in number
 * instead, and the way to add an address. `lastResult` is the server's answer to a post made
 * before JavaScript loaded.
 */
export function ProfileForm({
  profile,
  signInNumber = null,
  lastResult,
}: {
  profile: EditableProfile;
  signInNumber?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const saving = fetcher.state !== "idle";
  const checks = useProfileChecks();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: fetcher.data ? fetcher.data.result : lastResult,
    defaultValue: { fullName: profile.fullName, phone: profile.phone ?? "" },
    // Without its checks Conform would ask the server on every blur and keystroke.
    shouldValidate: checks ? "onBlur" : "onSubmit",
    shouldRevalidate: checks ? "onInput" : "onSubmit",
    onValidate: checks
      ? ({ formData }) => checks.parseWithZod(formData, { schema: checks.profileSchema })
      : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display font-semibold text-xl">Profile Information</h2>
        <CardDescription>Update your name and phone number.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          action={profileAction("profile")}
          {...getFormProps(form)}
          className="grid max-w-xl gap-4"
        >
          <input type="hidden" name="intent" value="update-profile" />
          {signInNumber ? (
            <SignInNumber number={signInNumber} />
          ) : (
            <Field
              label="Email"
              id="profile-email"
              description="Your e-mail address cannot be changed here."
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  value={profile.email}
                  readOnly
                  className="bg-muted text-muted-foreground"
                />
              )}
            </Field>
          )}
          <InputField meta={fields.fullName} label="Full Name" autoComplete="name" />
          <PhoneField meta={fields.phone} />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
          <a href="/profile/mobile" className="w-fit text-primary text-sm underline">
            Mobile number for sign-in
          </a>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** A mobile-only account's number, and the way to an e-mail address (/profile/mobile). */
function SignInNumber({ number }: { number: string }) {
  return (
    <div className="grid gap-1.5">
      <Field
        label="Sign-in number"
        id="profile-sign-in-number"
        description="You sign in with a code sent to this number by SMS."
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            value={number}
            readOnly
            className="bg-muted text-muted-foreground"
          />
        )}
      </Field>
      <a href="/profile/mobile#add-email-heading" className="w-fit text-primary text-sm underline">
        Add an e-mail
      </a>
    </div>
  );
}
