import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { actionSuccess, runIntent } from "~/lib/action-result.server";
import { AppError } from "~/lib/app-error";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { cashAwaitingRemittance } from "~/modules/orders/cod-remittance.server";
import { listRemittances } from "~/modules/payments/cod-remittances.server";
import {
  dailyRemittanceCheck,
  recordTestCourierRemittance,
} from "~/workflows/cod-remittance.server";
import type { Route } from "./+types/remittances";

export const meta: Route.MetaFunction = () => [
  { title: "Cash on delivery remittances | Admin | Satara Ayurveda" },
];

const RECORD_INTENT = "record-test-remittance";
const CHECK_INTENT = "check-courier-payouts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const [awaiting, remittances] = await Promise.all([
    cashAwaitingRemittance(db),
    listRemittances(db),
  ]);
  return {
    awaiting: {
      orders: awaiting.length,
      amount: awaiting.reduce((sum, order) => sum + order.total, 0),
    },
    remittances,
    /** Only the test courier pays out on a button; Shiprocket's payouts are its own. */
    testCourier: context.services.shipping.mode === "test",
    /** Shiprocket's payouts are read from its order details, daily or when asked. */
    readsPayouts: Boolean(context.services.shipping.courier?.codRemittance),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    [RECORD_INTENT]: async () => {
      if (context.services.shipping.mode !== "test") {
        throw new AppError("Only the test courier's payouts are recorded with this button.", {
          status: 409,
        });
      }
      const recorded = await recordTestCourierRemittance(db, admin.id);
      return actionSuccess(context.services.signer, {
        type: "success",
        title: "Remittance recorded",
        description: `${recorded.reference}: ${formatRupees(recorded.amount)} for ${recorded.orders} ${recorded.orders === 1 ? "order" : "orders"}`,
      });
    },
    [CHECK_INTENT]: async () => {
      if (!context.services.shipping.courier?.codRemittance) {
        throw new AppError("This courier's payouts are not read by the shop.", { status: 409 });
      }
      // The daily check, run now in the background: one a minute however often it is pressed.
      const now = new Date();
      await dailyRemittanceCheck.enqueue(db, `asked-${now.toISOString().slice(0, 16)}`, {
        date: now.toISOString().slice(0, 10),
      });
      return actionSuccess(context.services.signer, {
        type: "success",
        title: "Checking for payouts",
        description: "Orders the courier has paid out appear in the report in a minute or two.",
      });
    },
  });
}

export default function RemittancesPage({ loaderData }: Route.ComponentProps) {
  const { awaiting, remittances, testCourier, readsPayouts } = loaderData;
  const navigation = useNavigation();
  const recording = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Cash on delivery remittances"
        description="Cash the courier collected at the door counts as received when the courier pays it out"
      />
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">With the courier</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p>
            {awaiting.orders === 0
              ? "No delivered cash-on-delivery order is waiting for the courier's payout."
              : `${formatRupees(awaiting.amount)} from ${awaiting.orders} delivered ${awaiting.orders === 1 ? "order" : "orders"} waiting for the courier's payout.`}
          </p>
          {testCourier ? (
            <Form method="post">
              <input type="hidden" name="intent" value={RECORD_INTENT} />
              <Button type="submit" disabled={recording || awaiting.orders === 0}>
                Record remittance
              </Button>
              <p className="mt-2 text-muted-foreground text-sm">
                Test courier: pays out the cash of every delivered order waiting above.
              </p>
            </Form>
          ) : null}
          {readsPayouts ? (
            <Form method="post">
              <input type="hidden" name="intent" value={CHECK_INTENT} />
              <p className="mb-2 text-muted-foreground text-sm">
                Shiprocket's payouts are read once a day: each order it has paid out is recorded as
                paid with the payout's bank reference (UTR).
              </p>
              <Button type="submit" variant="outline" disabled={recording}>
                Check for payouts now
              </Button>
            </Form>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">Remittance report</h2>
        </CardHeader>
        <AdminTable
          headings={["Paid out", "Courier", "Reference", "Amount", "Orders covered"]}
          rowCount={remittances.length}
          emptyText="No remittances yet."
        >
          {remittances.map((remittance) => (
            <tr key={remittance.id} className="border-border border-b align-top last:border-0">
              <td className="whitespace-nowrap px-3 py-2">
                {formatIstDateTime(remittance.remittedAt)}
              </td>
              <td className="px-3 py-2">
                {remittance.courier === "test" ? "Test courier" : "Shiprocket"}
              </td>
              <th scope="row" className="px-3 py-2 font-mono font-normal text-xs">
                {remittance.reference}
              </th>
              <td className="px-3 py-2 tabular-nums">{formatRupees(remittance.amount)}</td>
              <td className="px-3 py-2">
                <ul className="grid gap-1">
                  {remittance.orders.map((order) => (
                    <li key={order.orderId} className="flex gap-2">
                      <Link
                        to={`/admin/orders?q=${encodeURIComponent(order.orderNumber)}`}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {order.orderNumber}
                      </Link>
                      <span className="tabular-nums">{formatRupees(order.amount)}</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </div>
  );
}
