import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { deferred } from "~/components/deferred";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import type { SavedAddress } from "~/modules/accounts/addresses-read.server";
import { type ProfileActionData, profileAction } from "./action-data";

/** The dialog (Radix's) loads apart from the page; it is shown only once the page is hydrated. */
const ConfirmDialog = deferred(() =>
  import("~/components/confirm-dialog").then((module) => module.ConfirmDialog),
);

/** The address book's URL while one address's deletion waits for an answer (no JavaScript). */
export function confirmDeleteHref(addressId: string) {
  return `?tab=addresses&delete=${addressId}#address-${addressId}`;
}

function DeleteFields({ addressId }: { addressId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="delete-address" />
      <input type="hidden" name="addressId" value={addressId} />
    </>
  );
}

const question = (address: SavedAddress) =>
  `This will permanently delete the address ${address.addressLine1}, ${address.city}. This action cannot be undone.`;

/**
 * Deleting a saved address asks first, like every other delete. With JavaScript a dialog asks;
 * before it loads, Delete is a link to this address's question on the page, answered by a form.
 */
export function DeleteAddressButton({
  address,
  confirming,
}: {
  address: SavedAddress;
  /** The address bar asks about this address (`?delete=`). */
  confirming: boolean;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const hydrated = useHydrated();
  // A question asked before JavaScript loaded stays open once it has.
  const [open, setOpen] = useState(confirming);
  const busy = fetcher.state !== "idle";
  const label = (
    <>
      Delete<span className="sr-only"> address {address.addressLine1}</span>
    </>
  );
  const deleteClass = "text-destructive!";

  if (!hydrated) {
    return (
      <Link
        to={confirmDeleteHref(address.id)}
        className={buttonVariants({ variant: "ghost", size: "sm", className: deleteClass })}
      >
        {label}
      </Link>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      description={question(address)}
      trigger={
        <Button type="button" variant="ghost" size="sm" disabled={busy} className={deleteClass}>
          {label}
        </Button>
      }
    >
      <fetcher.Form
        method="post"
        action={profileAction("addresses")}
        onSubmit={() => setOpen(false)}
      >
        <DeleteFields addressId={address.id} />
        <Button type="submit" variant="destructive" className="w-full sm:w-auto">
          Delete
        </Button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}

/** The same question on the page itself, for a browser without JavaScript. */
export function DeleteAddressQuestion({ address }: { address: SavedAddress }) {
  const titleId = `delete-address-${address.id}-title`;
  const textId = `delete-address-${address.id}-text`;
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="grid gap-3 rounded-md border border-destructive p-3"
    >
      <p id={titleId} className="font-semibold">
        Are you sure?
      </p>
      <p id={textId} className="text-muted-foreground text-sm">
        {question(address)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={profileAction("addresses")} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Form method="post" action={profileAction("addresses")}>
          <DeleteFields addressId={address.id} />
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </Form>
      </div>
    </div>
  );
}
