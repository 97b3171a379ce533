import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { profileSchema } from "~/domain/validation/address";
import { type ProfileActionData, profileAction } from "./action-data";
import { FormInput } from "./form-input";
import { PhoneField } from "./phone-field";

export type EditableProfile = { fullName: string; email: string; phone: string | null };

/**
 * SPEC §2 Profile tab: full name and phone can be changed; the e-mail is shown read-only.
 * `lastResult` is the server's answer to a post made before JavaScript loaded.
 */
export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: EditableProfile;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: fetcher.data ? fetcher.data.result : lastResult,
    defaultValue: { fullName: profile.fullName, phone: profile.phone ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
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
          <FormInput meta={fields.fullName} label="Full Name" autoComplete="name" />
          <PhoneField meta={fields.phone} />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
