import { Link, useFetcher } from "react-router";
import { AddressBlock } from "~/components/order/order-summary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import type { SavedAddress } from "~/modules/accounts/addresses-read.server";
import { type ProfileActionData, profileAction } from "./action-data";
import { DeleteAddressButton, DeleteAddressQuestion } from "./delete-address-button";

/**
 * One saved address with its actions: edit, set as default, delete. `confirmingDelete` shows the
 * delete question on the card, as it is asked before JavaScript loads.
 */
export function AddressCard({
  address,
  confirmingDelete = false,
}: {
  address: SavedAddress;
  confirmingDelete?: boolean;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const which = <span className="sr-only"> address {address.addressLine1}</span>;
  return (
    <div
      id={`address-${address.id}`}
      className="grid h-full gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{address.fullName}</p>
        {address.isDefault ? <Badge>Default</Badge> : null}
      </div>
      <AddressBlock address={address} withName={false} className="text-muted-foreground text-sm" />
      <div className="mt-auto flex flex-wrap gap-2">
        <Link
          to={`?tab=addresses&address=${address.id}`}
          preventScrollReset
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Edit{which}
        </Link>
        {address.isDefault ? null : (
          <fetcher.Form method="post" action={profileAction("addresses")}>
            <input type="hidden" name="intent" value="default-address" />
            <input type="hidden" name="addressId" value={address.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Set as Default{which}
            </Button>
          </fetcher.Form>
        )}
        <DeleteAddressButton address={address} confirming={confirmingDelete} />
      </div>
      {confirmingDelete && !hydrated ? <DeleteAddressQuestion address={address} /> : null}
    </div>
  );
}
