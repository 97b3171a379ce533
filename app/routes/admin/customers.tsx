import { useRef } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { OrderStatusBadge } from "~/components/account/order-badges";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPageLinks } from "~/components/admin/list-page-links";
import { MessageLog } from "~/components/admin/message-log";
import { Eye, Search, X } from "~/components/icons";
import { TitledDialog } from "~/components/titled-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import { hrefWith } from "~/domain/admin-list-query";
import { formatIstDate } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import type { MessageView } from "~/domain/order-messages";
import { customersQuerySchema, searchParamsOf } from "~/domain/validation/admin-lists";
import { runIntent } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  type CustomerDetail,
  getCustomerDetail,
  listCustomers,
} from "~/modules/customers/customers-admin.server";
import { listMessagesTo } from "~/modules/notifications/customer-messages.server";
import { messageView } from "~/modules/notifications/message-view.server";
import type { Route } from "./+types/customers";
import { sendMessageAgainIntent } from "./send-message-again.server";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const query = customersQuerySchema.parse(searchParamsOf(request, ["q", "page", "customer"]));
  const [list, detail, messages] = await Promise.all([
    listCustomers(db, { query: query.q, page: query.page }),
    query.customer ? getCustomerDetail(db, query.customer) : null,
    query.customer ? listMessagesTo(db, query.customer) : [],
  ]);
  return {
    ...list,
    detail: detail ? { ...detail, messages: messages.map(messageView) } : null,
    detailMissing: Boolean(query.customer) && !detail,
  };
}

/** "Send again" on a failed notice in the customer's Messages (docs/decisions/081). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    "send-message-again": () => sendMessageAgainIntent(context.services, admin.id, formData),
  });
}

const orEmpty = (value: string | null) => value ?? "N/A";

function CustomerDetailView({
  customer,
  action,
}: {
  customer: CustomerDetail & { messages: MessageView[] };
  action: string;
}) {
  const count = customer.orders.length;
  return (
    <div className="grid gap-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        {[
          ["Full Name", orEmpty(customer.fullName)],
          ["Email", customer.email || "N/A"],
          ["Phone", orEmpty(customer.phone)],
          ["Joined", formatIstDate(customer.joinedAt)],
        ].map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-muted-foreground text-sm">{term}</dt>
            <dd className="font-medium wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="order-history-heading" className="grid gap-2">
        <h3 id="order-history-heading" className="font-display font-semibold text-lg">
          Order History
        </h3>
        <p className="text-muted-foreground text-sm">
          {count} {count === 1 ? "order" : "orders"}, {formatRupees(customer.totalSpent)} spent
          (cancelled orders and refunds not counted)
        </p>
        {count === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No orders yet</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-border border-b text-muted-foreground">
                <tr>
                  {["Order #", "Date", "Total", "Status"].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((order) => (
                  <tr key={order.id} className="border-border border-b last:border-0">
                    <td className="px-2 py-2 font-mono text-xs">{order.orderNumber}</td>
                    <td className="whitespace-nowrap px-2 py-2">
                      {formatIstDate(order.createdAt)}
                    </td>
                    <td className="whitespace-nowrap px-2 py-2">
                      {formatRupees(order.total)}
                      {order.refunded > 0 ? (
                        <span className="block text-muted-foreground text-xs">
                          Refunded {formatRupees(order.refunded)}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">
                      <OrderStatusBadge status={order.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="customer-messages-heading" className="grid gap-2">
        <h3 id="customer-messages-heading" className="font-display font-semibold text-lg">
          Messages
        </h3>
        <p className="text-muted-foreground text-sm">
          The latest mails, SMS and WhatsApp messages the shop sent them, newest first
        </p>
        {customer.messages.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No messages yet</p>
        ) : (
          <MessageLog messages={customer.messages} action={action} />
        )}
      </section>
    </div>
  );
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, pageCount, query, detail, detailMissing } = loaderData;
  const { search } = useLocation();
  const action = `/admin/customers${search}`;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const closeHref = hrefWith(search, { customer: undefined });
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  // The dialog opens from a link (through the URL), so focus is put back on that link by hand.
  const lastShown = useRef<string | null>(null);
  if (detail) lastShown.current = detail.id;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Customer Management"
        description="View your customers and their orders"
      />
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-64 flex-1 gap-1.5 sm:max-w-md">
          <Label htmlFor="customer-search">Search customers</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="customer-search"
              type="search"
              name="q"
              defaultValue={query}
              placeholder="Search by name or email..."
              className="pl-9"
            />
          </div>
        </div>
        <Button type="submit">Search</Button>
        {query ? (
          <Link to="?" className={buttonVariants({ variant: "ghost" })}>
            <X aria-hidden="true" /> Clear
          </Link>
        ) : null}
      </Form>
      {detailMissing ? (
        <p role="alert" className="text-destructive">
          That customer could not be found.
        </p>
      ) : null}
      {!hydrated && detail ? (
        <Card>
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle>Customer Details</CardTitle>
            <Link to={closeHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Close
            </Link>
          </CardHeader>
          <CardContent>
            <CustomerDetailView customer={detail} action={action} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="font-display font-semibold text-lg">
            {query ? `Customers matching “${query}”` : "All Customers"} ({total})
          </h2>
          <p className="text-muted-foreground text-sm">
            Total Spent and Last Purchase leave out cancelled orders; Total Spent leaves out refunds
            too.
          </p>
        </CardHeader>
        <AdminTable
          headings={[
            "Name",
            "Email",
            "Phone",
            "Total Orders",
            "Total Spent",
            "Last Purchase",
            "Actions",
          ]}
          rowCount={customers.length}
          emptyText="No customers found"
          headingClassName="whitespace-nowrap"
        >
          {customers.map((customer) => (
            <tr key={customer.id} className="border-border border-b last:border-0">
              <td className="px-3 py-3 font-medium">{orEmpty(customer.fullName)}</td>
              <td className="break-all px-3 py-3">{customer.email || "N/A"}</td>
              <td className="whitespace-nowrap px-3 py-3">{orEmpty(customer.phone)}</td>
              <td className="px-3 py-3">{customer.totalOrders}</td>
              <td className="whitespace-nowrap px-3 py-3">{formatRupees(customer.totalSpent)}</td>
              <td className="whitespace-nowrap px-3 py-3">
                {customer.lastPurchaseAt ? formatIstDate(customer.lastPurchaseAt) : "No purchases"}
              </td>
              <td className="px-3 py-3">
                <Link
                  to={hrefWith(search, { customer: customer.id })}
                  preventScrollReset
                  data-customer-link={customer.id}
                  aria-label={`View ${customer.fullName ?? customer.email}`}
                  className={buttonVariants({ variant: "ghost", size: "icon" })}
                >
                  <Eye aria-hidden="true" />
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <ListPageLinks page={page} pageCount={pageCount} closing="customer" />
      {hydrated ? (
        <TitledDialog
          open={Boolean(detail)}
          onOpenChange={(open) => (open ? null : close())}
          title="Customer Details"
          description={detail ? (detail.fullName ?? detail.email) : ""}
          contentProps={{
            className: "max-w-2xl",
            onCloseAutoFocus: (event) => {
              const link = document.querySelector<HTMLElement>(
                `[data-customer-link="${lastShown.current}"]`,
              );
              if (!link) return;
              event.preventDefault();
              link.focus();
            },
          }}
        >
          {detail ? <CustomerDetailView customer={detail} action={action} /> : null}
        </TitledDialog>
      ) : null}
    </div>
  );
}
