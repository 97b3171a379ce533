import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/**
 * The foot of a back-office editor form: Cancel, then the submit button, which reads "Saving..."
 * while the form is posted. Cancel closes the dialog (`onCancel`) once the page's script runs,
 * and before that is a link to `cancelHref`; with neither there is no Cancel.
 */
export function EditorFormActions({
  onCancel,
  cancelHref,
  saving,
  submitLabel,
}: {
  onCancel?: () => void;
  cancelHref?: string;
  saving: boolean;
  submitLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      ) : cancelHref ? (
        <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </Button>
    </div>
  );
}
