import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TitledDialog } from "~/components/titled-dialog";
import { ResetRequestForm } from "./reset-request-form";

type ResetResult = { intent: "request-reset"; sent: boolean };

/** docs/SPEC.md §2/§4: 'Reset Password' dialog; the button is disabled while empty or sending. */
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
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset Password"
      description="Enter your email address and we will send you a link to reset your password."
    >
      <ResetRequestForm
        Form={fetcher.Form}
        email={email}
        onEmailChange={setEmail}
        sending={sending}
      />
    </TitledDialog>
  );
}
