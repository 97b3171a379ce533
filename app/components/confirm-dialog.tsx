import type { ReactNode } from "react";
import { Link } from "react-router";
import { TitledDialog } from "~/components/titled-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";

/**
 * Asks before something that cannot be undone. `children` is the answer that goes ahead (a form
 * or a button); the other answer closes the dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = "Are you sure?",
  description,
  cancelLabel = "Cancel",
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  trigger?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      trigger={trigger}
    >
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {cancelLabel}
          </Button>
        </DialogClose>
        {children}
      </DialogFooter>
    </TitledDialog>
  );
}

/**
 * The same question on the page itself, for a browser without JavaScript: Cancel is a link back
 * to `cancelHref`, `children` the form that goes ahead.
 */
export function ConfirmCard({
  id,
  description,
  cancelHref,
  children,
}: {
  /** Prefix of the title's and text's ids. */
  id: string;
  description: ReactNode;
  cancelHref: string;
  children: ReactNode;
}) {
  return (
    <Card role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Are you sure?</CardTitle>
        <p id={`${id}-text`} className="text-muted-foreground text-sm">
          {description}
        </p>
      </CardHeader>
      <CardContent>
        <DialogFooter>
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          {children}
        </DialogFooter>
      </CardContent>
    </Card>
  );
}
