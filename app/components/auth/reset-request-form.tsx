import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The request for a reset link: in the 'Reset Password' dialog, and on the page itself without
 * JavaScript (apart from the dialog, so that the page loads no dialog code for it).
 */
export function ResetRequestForm({
  Form,
  email,
  onEmailChange,
  sending,
  hydrated = true,
}: {
  Form: React.ElementType;
  email?: string;
  onEmailChange?: (value: string) => void;
  sending: boolean;
  hydrated?: boolean;
}) {
  return (
    <Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="request-reset" />
      <div className="grid gap-1.5">
        <Label htmlFor="reset-email">Email</Label>
        <Input
          id="reset-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={onEmailChange ? email : undefined}
          onChange={onEmailChange ? (event) => onEmailChange(event.target.value) : undefined}
          disabled={sending}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="submit"
          disabled={sending || (hydrated && onEmailChange !== undefined && !email?.trim())}
        >
          {sending ? "Sending..." : "Send Reset Link"}
        </Button>
      </div>
    </Form>
  );
}
