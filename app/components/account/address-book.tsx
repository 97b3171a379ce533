import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { deferred } from "~/components/deferred";
import { MapPin, Plus } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import type { SavedAddress } from "~/modules/accounts/addresses-read.server";
import { AddressCard } from "./address-card";

/** The address form (Conform and its checks) loads apart from the page (docs/decisions/029). */
const AddressForm = deferred(() => import("./address-form").then((module) => module.AddressForm));

/**
 * docs/SPEC.md §2 Addresses tab: the saved addresses, default first. `editing` is "new" for the add form
 * or the id of the address whose card turns into its edit form.
 */
export function AddressBook({
  addresses,
  editing,
  confirmingDelete,
  lastResult,
}: {
  addresses: SavedAddress[];
  editing: string | null;
  /** The address whose deletion the address bar asks about. */
  confirmingDelete: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <section aria-labelledby="addresses-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="font-display font-semibold text-xl">
          Saved Addresses
        </h2>
        {editing === "new" ? null : (
          <Link
            to="?tab=addresses&address=new"
            preventScrollReset
            className={buttonVariants({ size: "sm" })}
          >
            <Plus aria-hidden="true" /> Add New Address
          </Link>
        )}
      </div>
      {editing === "new" ? <AddressForm lastResult={lastResult} /> : null}
      {addresses.length === 0 && editing !== "new" ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-border bg-card p-10 text-center">
          <MapPin className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No saved addresses yet</p>
          <p className="text-muted-foreground text-sm">
            Save an address to check out faster next time.
          </p>
        </div>
      ) : null}
      {addresses.length > 0 ? (
        <ul aria-label="Saved addresses" className="grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className={editing === address.id ? "md:col-span-2" : undefined}>
              {editing === address.id ? (
                <AddressForm key={address.id} address={address} lastResult={lastResult} />
              ) : (
                <AddressCard address={address} confirmingDelete={confirmingDelete === address.id} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
