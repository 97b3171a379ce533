import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

/** A dialog with its title and description, then whatever it holds. */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  titleClassName,
  description,
  trigger,
  contentProps,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  /** The button that opens it, when the dialog does not open on its own. */
  trigger?: ReactNode;
  contentProps?: Omit<DialogContentProps, "children">;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent {...contentProps}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
