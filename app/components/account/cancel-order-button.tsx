import { useState } from "react";
import { useFetcher } from "react-router";
import { deferred } from "~/components/deferred";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { type ProfileActionData, profileAction } from "./action-data";

/** The dialog (Radix's) loads apart from the page; it is shown only once the page is hydrated. */
const ConfirmDialog = deferred(() =>
  import("~/components/confirm-dialog").then((module) => module.ConfirmDialog),
);

/**
 * docs/DESIGN.md §6.16: the customer cancels an order that has not shipped. With JavaScript a dialog
 * asks first; before it loads, the button is a plain form submit.
 */
export function CancelOrderButton({
  orderId,
  orderNumber,
}: {
  orderId: string;
  orderNumber: string;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const fields = (
    <>
      <input type="hidden" name="intent" value="cancel-order" />
      <input type="hidden" name="orderId" value={orderId} />
    </>
  );
  if (!hydrated) {
    return (
      <fetcher.Form method="post" action={profileAction("orders")}>
        {fields}
        <Button type="submit" variant="outline" size="sm">
          Cancel Order
        </Button>
      </fetcher.Form>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Cancel this order?"
      description={`Order ${orderNumber} will be cancelled and its items released. This cannot be undone.`}
      cancelLabel="Keep Order"
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={busy}>
          {busy ? "Cancelling..." : "Cancel Order"}
        </Button>
      }
    >
      <fetcher.Form method="post" action={profileAction("orders")} onSubmit={() => setOpen(false)}>
        {fields}
        <Button type="submit" variant="destructive" className="w-full sm:w-auto">
          Yes, Cancel Order
        </Button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}
