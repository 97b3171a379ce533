import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type ResetResult = { intent: "request-reset"; sent: boolean };

/** SPEC §2/§4: 'Reset Password' dialog; the button is disabled while empty or sending. */
export function ResetPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ResetResult>();
  const [email, setEmail] = useState("");
  const sending = fetcher.state !== "idle";
  const handled = useRef<ResetResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.sent) {
      setEmail("");
      onOpenChange(false);
    }
  }, [fetcher.state, fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            Enter your email address and we will send you a link to reset your password.
          </DialogDescription>
        </DialogHeader>
        <ResetRequestForm
          Form={fetcher.Form}
          email={email}
          onEmailChange={setEmail}
          sending={sending}
        />
      </DialogContent>
    </Dialog>
  );
}

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
      <DialogFooterOrDiv>
        <Button
          type="submit"
          disabled={sending || (hydrated && onEmailChange !== undefined && !email?.trim())}
        >
          {sending ? "Sending..." : "Send Reset Link"}
        </Button>
      </DialogFooterOrDiv>
    </Form>
  );
}

function DialogFooterOrDiv({ children }: { children: React.ReactNode }) {
  return <DialogFooter>{children}</DialogFooter>;
}
