import { Link } from "react-router";
import { Pencil, Trash2 } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";

/**
 * A list row's Edit and Delete links. They open the editor or the delete question through the
 * address bar, so both work before JavaScript loads.
 */
export function EditDeleteLinks({
  name,
  editHref,
  deleteHref,
}: {
  name: string;
  editHref: string;
  deleteHref: string;
}) {
  return (
    <>
      <Link
        to={editHref}
        preventScrollReset
        aria-label={`Edit ${name}`}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <Pencil aria-hidden="true" />
      </Link>
      <Link
        to={deleteHref}
        preventScrollReset
        aria-label={`Delete ${name}`}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <Trash2 className="text-destructive" aria-hidden="true" />
      </Link>
    </>
  );
}
