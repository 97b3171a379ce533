import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import type { SavedAddress } from "~/modules/accounts/addresses-read.server";
import { type ProfileActionData, profileAction } from "./action-data";

/** One saved address with its actions: edit, set as default, delete. */
export function AddressCard({ address }: { address: SavedAddress }) {
  const fetcher = useFetcher<ProfileActionData>();
  const busy = fetcher.state !== "idle";
  const which = <span className="sr-only"> address {address.addressLine1}</span>;
  return (
    <div className="grid h-full gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{address.fullName}</p>
        {address.isDefault ? <Badge>Default</Badge> : null}
      </div>
      <address className="text-muted-foreground text-sm not-italic">
        {address.addressLine1}
        {address.addressLine2 ? (
          <>
            <br />
            {address.addressLine2}
          </>
        ) : null}
        <br />
        {address.city}, {address.state} {address.postalCode}
        <br />
        Phone: {address.phone}
      </address>
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
        <fetcher.Form method="post" action={profileAction("addresses")}>
          <input type="hidden" name="intent" value="delete-address" />
          <input type="hidden" name="addressId" value={address.id} />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            disabled={busy}
            className="text-destructive!"
          >
            Delete{which}
          </Button>
        </fetcher.Form>
      </div>
    </div>
  );
}
