import { Link } from "react-router";
import { MapPin } from "~/components/icons";
import { Badge } from "~/components/ui/badge";

type SavedAddress = {
  id: string;
  fullName: string;
  city: string;
  postalCode: string;
  isDefault: boolean;
};

/** The checkout's choice of a saved address, or a new one: each a link the server answers. */
export function SavedAddresses({
  addresses,
  chosenAddressId,
}: {
  addresses: SavedAddress[];
  chosenAddressId: string | null;
}) {
  return (
    <nav aria-label="Saved addresses" className="grid gap-2">
      <p className="text-muted-foreground text-sm">Ship to a saved address:</p>
      <ul className="flex flex-wrap gap-2">
        {addresses.map((address) => (
          <li key={address.id}>
            <Link
              to={`?address=${address.id}`}
              replace
              preventScrollReset
              aria-current={address.id === chosenAddressId ? "true" : undefined}
              className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm hover:bg-secondary aria-[current=true]:border-primary aria-[current=true]:bg-secondary"
            >
              <MapPin className="size-4" aria-hidden="true" />
              {address.fullName}, {address.city} {address.postalCode}
              {address.isDefault ? <Badge variant="outline">Default</Badge> : null}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="?address=new"
            replace
            preventScrollReset
            aria-current={chosenAddressId === null ? "true" : undefined}
            className="inline-flex items-center rounded-md border border-border px-3 py-2 text-sm hover:bg-secondary aria-[current=true]:border-primary aria-[current=true]:bg-secondary"
          >
            New address
          </Link>
        </li>
      </ul>
    </nav>
  );
}
