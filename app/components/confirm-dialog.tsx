import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DialogFooter, DialogHeader } from "~/components/ui/dialog";

/**
 * Asks before something that cannot be undone: an alertdialog named by its question (`title`),
 * which opens with the answer that goes back focused. `children` is the answer that goes ahead
 * (a form or a button); the other answer closes the dialog.
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <DialogHeader className="pr-0">
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </DialogHeader>
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          {children}
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The same question on the page itself, for a browser without JavaScript: Cancel is a link back
 * to `cancelHref`, `children` the form that goes ahead.
 */
export function ConfirmCard({
  id,
  title = "Are you sure?",
  description,
  cancelHref,
  cancelLabel = "Cancel",
  children,
}: {
  /** Prefix of the title's and text's ids. */
  id: string;
  /** The question, which names it. */
  title?: string;
  description: ReactNode;
  cancelHref: string;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <p id={`${id}-text`} className="text-muted-foreground text-sm">
          {description}
        </p>
      </CardHeader>
      <CardContent>
        <DialogFooter>
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            {cancelLabel}
          </Link>
          {children}
        </DialogFooter>
      </CardContent>
    </Card>
  );
}
