import { data, Link } from "react-router";
import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <section className="grid gap-4">
      <h1 className="font-display text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">This part of the back office does not exist.</p>
      <Link to="/admin/dashboard" className="text-primary underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
