import { IndianRupee, Package, ShoppingBag, Users } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatRupees } from "~/domain/money";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { getDashboardStats } from "~/modules/admin/dashboard.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin | Satara Ayurveda" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { stats: await getDashboardStats(db()) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const cards = [
    { title: "Total Products", value: stats.totalProducts.toLocaleString("en-IN"), Icon: Package },
    { title: "Total Orders", value: stats.totalOrders.toLocaleString("en-IN"), Icon: ShoppingBag },
    { title: "Total Customers", value: stats.totalCustomers.toLocaleString("en-IN"), Icon: Users },
    {
      title: "Total Revenue",
      value: formatRupees(stats.totalRevenue),
      Icon: IndianRupee,
      note: "Excludes cancelled orders",
    },
  ];
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="font-display text-3xl">Dashboard</h1>
        <p className="text-muted-foreground">Overview of your store</p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ title, value, Icon, note }) => (
          <li key={title}>
            <Card>
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle className="font-medium text-muted-foreground text-sm">{title}</CardTitle>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </CardHeader>
              <CardContent>
                <p className="font-semibold text-2xl">{value}</p>
                {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
