import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { type ProfileActionData, profileAction } from "./action-data";

/**
 * DESIGN §6.16: the customer cancels an order that has not shipped. With JavaScript a dialog
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={busy}>
          {busy ? "Cancelling..." : "Cancel Order"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this order?</DialogTitle>
          <DialogDescription>
            Order {orderNumber} will be cancelled and its items released. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Keep Order
            </Button>
          </DialogClose>
          <fetcher.Form
            method="post"
            action={profileAction("orders")}
            onSubmit={() => setOpen(false)}
          >
            {fields}
            <Button type="submit" variant="destructive" className="w-full sm:w-auto">
              Yes, Cancel Order
            </Button>
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
