import type { ReactNode } from "react";
import { TitledDialog } from "~/components/titled-dialog";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * An add or edit form of a back-office list: a dialog once JavaScript runs, a card on the page
 * before it does (the address bar says which form is open).
 */
export function EditorPanel({
  hydrated,
  open,
  onClose,
  title,
  description,
  className = "max-w-2xl",
  children,
}: {
  hydrated: boolean;
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  if (!hydrated) {
    return open ? (
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    ) : null;
  }
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title={title}
      description={description}
      contentProps={{ className }}
    >
      {children}
    </TitledDialog>
  );
}
