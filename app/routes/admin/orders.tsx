import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import { PaymentStatusBadge, TestPaymentBadge } from "~/components/account/order-badges";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderStatusSelect } from "~/components/admin/order-status-select";
import { RecallHoldBadge } from "~/components/admin/recall-hold-badge";
import { Download, Eye, Search } from "~/components/icons";
import { Pagination } from "~/components/product/pagination";
import { TitledDialog } from "~/components/titled-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { indiaToday } from "~/domain/delivery-days";
import { formatIstDate } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { isTestPayment, ORDER_STATUSES, paymentMethodLabel, statusLabel } from "~/domain/orders";
import { cardRefundOnCancel, isRefundedInFull } from "~/domain/refunds";
import { isLateOrder, SHIPMENT_GROUP_LABELS, type ShipmentGroup } from "~/domain/shipment-groups";
import { SCAN_LABELS, SHIPMENT_STATE_LABELS } from "~/domain/shipments";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersHref,
  orderAddressFormSchema,
  orderStatusFormSchema,
  parseAdminOrderQuery,
  recordCashFormSchema,
  refundFormSchema,
  retryRefundFormSchema,
  trackingFormSchema,
} from "~/domain/validation/order-admin";
import {
  reattemptFormSchema,
  shipOrdersFormSchema,
  testScanFormSchema,
  tryBookingNowFormSchema,
} from "~/domain/validation/shipping";
import { z } from "~/domain/zod";
import {
  actionFailure,
  actionSuccess,
  firstErrorMessage,
  refusal,
  runIntent,
} from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { listCreditNotes } from "~/modules/gst-documents/credit-notes.server";
import { listMessagesAbout } from "~/modules/notifications/customer-messages.server";
import { messageView } from "~/modules/notifications/message-view.server";
import {
  addTrackingId,
  getAdminOrder,
  listAdminOrders,
  recordCashReceived,
  updateShippingAddress,
} from "~/modules/orders/orders-admin.server";
import { listOrderRefunds, retryRefund } from "~/modules/payments/refunds.server";
import { bookingRetryOf, tryBookingNow } from "~/modules/shipping/booking-retry.server";
import { shipmentStates, shipmentTimelines } from "~/modules/shipping/shipments.server";
import type { ShopServices } from "~/services.server";
import { applyTestScan } from "~/workflows/apply-courier-scan.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { askForAnotherAttempt } from "~/workflows/delivery-attempts.server";
import { refundOrder } from "~/workflows/refund-order.server";
import { shipOrders } from "~/workflows/ship-orders.server";
import type { Route } from "./+types/orders";
import { sendMessageAgainIntent } from "./send-message-again.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Admin | Satara Ayurveda" }];

const viewParam = z.uuid();
/** The question a browser without JavaScript is asked on the page (docs/decisions/074). */
const confirmParam = z.enum(["record-cash"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminOrderQuery(params);
  const view = viewParam.safeParse(params.get("view"));
  const confirm = confirmParam.safeParse(params.get("confirm"));
  const [list, detail, refunds, creditNotes, timelines, messages, retry] = await Promise.all([
    listAdminOrders(db, query),
    view.success ? getAdminOrder(db, view.data) : null,
    view.success ? listOrderRefunds(db, profileNaming, view.data) : [],
    view.success ? listCreditNotes(db, view.data) : [],
    view.success ? shipmentTimelines(db, [view.data]) : null,
    view.success ? listMessagesAbout(db, view.data) : [],
    view.success ? bookingRetryOf(db, view.data) : null,
  ]);
  const mode = context.services.shipping.mode;
  const timeline = view.success ? (timelines?.get(view.data) ?? null) : null;
  const shipment = timeline && { ...timeline, retry };
  return {
    query,
    ...list,
    courierMode: mode,
    shipmentStates: await shipmentStates(
      db,
      list.orders.map((order) => order.id),
    ),
    detail: detail
      ? {
          ...detail,
          refunds,
          creditNotes,
          messages: messages.map(messageView),
          // docs/decisions/072: past the promised day and not arrived.
          deliveryLate: isLateOrder(
            { ...detail, shipmentState: timeline?.state ?? null },
            indiaToday(new Date()),
          ),
        }
      : null,
    confirm: confirm.success ? confirm.data : null,
    // COURIER=off with no shipment: the detail is exactly as before.
    shipping: mode === "off" && !shipment ? null : { courierMode: mode, shipment },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    status: () => changeStatus(context.services, admin.id, formData),
    tracking: () => addTracking(context.services, admin.id, formData),
    "record-cash": () => recordCash(context.services, admin.id, formData),
    refund: () => refund(context.services, admin.id, formData),
    "retry-refund": () => retry(context.services, admin.id, formData),
    ship: () => ship(context.services, admin.id, formData),
    "try-booking-now": () => tryNow(context.services, admin.id, formData),
    "test-scan": () => testScan(context.services, formData),
    "send-message-again": () => sendMessageAgainIntent(context.services, admin.id, formData),
    reattempt: () => reattempt(context.services, admin.id, formData),
    "update-address": () => updateAddress(context.services, admin.id, formData),
  });
}

/** "Ask for another attempt" after a failed delivery attempt (docs/decisions/074). */
async function reattempt(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "reattempt";
  const submission = parseWithZod(formData, { schema: reattemptFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "That order could not be found");
    return actionFailure(services.signer, refusal(message), { intent });
  }
  const { orderNumber } = await askForAnotherAttempt(
    services.db,
    services.shipping.courier,
    adminId,
    submission.value.orderId,
  );
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Another attempt asked for",
      description: `The courier is asked to deliver order ${orderNumber} again.`,
    },
    { intent },
  );
}

/** "Update address": where the order goes, corrected by the owner (docs/decisions/074). */
async function updateAddress(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "update-address";
  const submission = parseWithZod(formData, { schema: orderAddressFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Please check the address");
    return actionFailure(services.signer, refusal(message), { intent, result: submission.reply() });
  }
  const { orderId, ...address } = submission.value;
  const { orderNumber, changed } = await updateShippingAddress(
    services.db,
    adminId,
    orderId,
    address,
  );
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Address updated",
      description: changed
        ? `Order ${orderNumber} now goes to the new address.`
        : `Order ${orderNumber} already goes to this address.`,
    },
    { intent, result: submission.reply() },
  );
}

/** "Send again" on a failed SMS or WhatsApp message (docs/decisions/063). */
/** "Ship", "Retry booking" and "Ship selected" (docs/decisions/060). */
async function ship(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "ship";
  const submission = parseWithZod(formData, { schema: shipOrdersFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Select at least one order to ship");
    return actionFailure(services.signer, refusal(message), { intent });
  }
  const outcome = await shipOrders(
    services.db,
    services.shipping.courier,
    adminId,
    submission.value.orderId,
  );
  const skipped = outcome.skipped.map((skip) => `Order ${skip.orderNumber} ${skip.reason}.`);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: outcome.booking.length === 1 ? "Booking the shipment" : "Booking the shipments",
      description: [
        `Booking ${outcome.booking.join(", ")} with the courier; the AWB and label follow shortly.`,
        ...skipped,
      ].join(" "),
    },
    { intent },
  );
}

/** "Try now" on a booking waiting for its next attempt (docs/decisions/069). */
async function tryNow(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "try-booking-now";
  const submission = parseWithZod(formData, { schema: tryBookingNowFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "That order could not be found");
    return actionFailure(services.signer, refusal(message), { intent });
  }
  const { started } = await tryBookingNow(services.db, adminId, submission.value.orderId);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Booking now",
      description: started
        ? "The shop is asking the courier again now; the AWB follows shortly."
        : "The shop is already asking the courier again; the AWB follows shortly.",
    },
    { intent },
  );
}

/** A test courier's shipment moved on by the owner, applied as the courier's webhook would be. */
async function testScan(services: ShopServices, formData: FormData) {
  const intent = "test-scan";
  const submission = parseWithZod(formData, { schema: testScanFormSchema });
  if (submission.status !== "success") {
    return actionFailure(
      services.signer,
      refusal(firstErrorMessage(submission.error, "Unknown scan")),
      { intent },
    );
  }
  const { orderId, kind } = submission.value;
  await applyTestScan(services.db, orderId, kind);
  return actionSuccess(
    services.signer,
    { type: "success", title: "Test scan recorded", description: `${SCAN_LABELS[kind]} (test)` },
    { intent },
  );
}

async function changeStatus(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "status";
  const submission = parseWithZod(formData, { schema: orderStatusFormSchema });
  if (submission.status !== "success") {
    return actionFailure(
      services.signer,
      refusal(firstErrorMessage(submission.error, "Invalid status")),
      {
        intent,
      },
    );
  }
  const { orderId, status } = submission.value;
  await updateOrderStatus(services.db, adminId, orderId, status);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Order status updated",
      description: `Order status changed to ${status}`,
    },
    { intent },
  );
}

async function addTracking(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "tracking";
  const submission = parseWithZod(formData, { schema: trackingFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Please enter a tracking ID");
    return actionFailure(services.signer, refusal(message), { intent, result: submission.reply() });
  }
  const { orderId, trackingId } = submission.value;
  await addTrackingId(services.db, adminId, orderId, trackingId);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Success",
      description: "Tracking ID added and order marked as shipped",
    },
    { intent, result: submission.reply({ resetForm: true }) },
  );
}

async function recordCash(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "record-cash";
  const submission = parseWithZod(formData, { schema: recordCashFormSchema });
  if (submission.status !== "success") {
    return actionFailure(
      services.signer,
      refusal(firstErrorMessage(submission.error, "Unknown order")),
      { intent },
    );
  }
  const { orderNumber } = await recordCashReceived(services.db, adminId, submission.value.orderId);
  return actionSuccess(
    services.signer,
    { type: "success", title: "Cash received", description: `Order ${orderNumber} is marked paid` },
    { intent },
  );
}

async function refund(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "refund";
  const submission = parseWithZod(formData, { schema: refundFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Please check the refund");
    return actionFailure(services.signer, refusal(message), { intent, result: submission.reply() });
  }
  const { orderNumber, cancelled } = await refundOrder(services.db, adminId, submission.value);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Refund started",
      description: `A refund of ${formatRupees(submission.value.amount)} for order ${orderNumber} is on its way to the customer's card${cancelled ? ". Nothing is left to refund, so the order is cancelled" : ""}`,
    },
    { intent, result: submission.reply({ resetForm: true }) },
  );
}

async function retry(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "retry-refund";
  const submission = parseWithZod(formData, { schema: retryRefundFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "That refund could not be found");
    return actionFailure(services.signer, refusal(message), { intent });
  }
  const { orderNumber } = await retryRefund(services.db, adminId, submission.value.refundId);
  return actionSuccess(
    services.signer,
    {
      type: "success",
      title: "Refund sent again",
      description: `The refund for order ${orderNumber} is being sent to the gateway again`,
    },
    { intent },
  );
}

const ALL = "all";

function FilterBar({
  q,
  status,
  shipment,
}: {
  q: string;
  status: string;
  shipment: ShipmentGroup | undefined;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchId = useId();
  const statusId = useId();
  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/orders"
      role="search"
      aria-label="Orders"
      className="flex flex-wrap items-end gap-3"
    >
      {shipment ? <input type="hidden" name="shipment" value={shipment} /> : null}
      <div className="grid min-w-64 flex-1 gap-1.5">
        <label htmlFor={searchId} className="sr-only">
          Search orders
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by order number or customer name..."
            maxLength={100}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={statusId} className="sr-only">
          Filter by status
        </label>
        <select
          id={statusId}
          name="status"
          defaultValue={status || ALL}
          onChange={(event) => submit(event.currentTarget.form, { replace: true })}
          className="h-10 rounded-md border border-input bg-card px-3 text-sm"
        >
          <option value={ALL}>All Status</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, totalCount, page, pageCount, detail, shipping, confirm } = loaderData;
  const { courierMode: mode, shipmentStates: states } = loaderData;
  const shipSelectedId = useId();
  const selectable = (order: { id: string; status: string }) =>
    mode !== "off" &&
    !states[order.id] &&
    (order.status === "pending" || order.status === "processing");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const detailId = useId();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const listHref = (changes: { page?: number; view?: string }) =>
    adminOrdersHref({
      q: query.q,
      status: query.status,
      shipment: query.shipment,
      page,
      ...changes,
    });
  // Writes post to the page's own URL, so without JavaScript the answer shows the same list.
  const action = `/admin/orders${location.search}`;
  const viewedId = useRef<string | null>(null);
  useEffect(() => {
    if (detail) viewedId.current = detail.id;
  }, [detail]);
  const closeDetail = () =>
    navigate(listHref({ view: undefined }), { replace: true, preventScrollReset: true });
  const first = totalCount === 0 ? 0 : (page - 1) * ADMIN_ORDERS_PAGE_SIZE + 1;
  const last = Math.min(page * ADMIN_ORDERS_PAGE_SIZE, totalCount);
  const detailBody = detail ? (
    <OrderDetail
      key={detail.id}
      order={detail}
      action={action}
      idPrefix={detailId}
      shipping={shipping ?? undefined}
      confirm={confirm}
    />
  ) : null;

  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Orders" description="Manage and track customer orders">
        <a
          href={adminOrdersHref(
            { q: query.q, status: query.status, shipment: query.shipment },
            "/admin/orders/export.csv",
          )}
          download
          className="inline-flex h-10 items-center gap-2 rounded-md border border-primary bg-card px-4 font-medium text-primary text-sm hover:bg-secondary"
        >
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </a>
      </AdminPageHeader>

      <FilterBar
        key={`${query.q ?? ""}|${query.status ?? ""}`}
        q={query.q ?? ""}
        status={query.status ?? ""}
        shipment={query.shipment}
      />
      {query.shipment ? (
        <p className="text-sm">
          {query.shipment === "late"
            ? "Orders past the day promised for delivery and not yet delivered."
            : `Orders whose parcel is: ${SHIPMENT_GROUP_LABELS[query.shipment]}.`}{" "}
          <Link
            to={adminOrdersHref({ q: query.q, status: query.status })}
            className="text-primary underline underline-offset-4"
          >
            Show every order
          </Link>
        </p>
      ) : null}

      {!hydrated && detail ? (
        <Card>
          <CardHeader>
            <CardTitle>Order {detail.orderNumber}</CardTitle>
            <Link to={listHref({ view: undefined })} className="text-primary text-sm underline">
              Close
            </Link>
          </CardHeader>
          <CardContent>{detailBody}</CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="font-display font-semibold text-lg">Orders Management</h2>
          {mode !== "off" && orders.some(selectable) ? (
            <Form id={shipSelectedId} method="post" action={action}>
              <input type="hidden" name="intent" value="ship" />
              <Button type="submit" size="sm" variant="outline">
                Ship selected
              </Button>
            </Form>
          ) : null}
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {loading
              ? "Loading..."
              : totalCount > 0
                ? `Showing ${first}–${last} of ${totalCount} orders`
                : null}
          </p>
        </CardHeader>
        <AdminTable
          headings={["Order #", "Customer", "Date", "Total", "Payment", "Status", "Actions"]}
          rowCount={orders.length}
          emptyText={loading ? "Loading..." : "No orders found"}
          busy={loading}
          tableClassName={loading ? "opacity-60" : undefined}
        >
          {orders.map((order) => (
            <tr key={order.id} className="border-border border-b last:border-0">
              <td className="px-3 py-3 font-mono text-xs">
                {selectable(order) ? (
                  <input
                    type="checkbox"
                    name="orderId"
                    value={order.id}
                    form={shipSelectedId}
                    aria-label={`Select order ${order.orderNumber} to ship`}
                    className="mr-2 size-4 align-middle"
                  />
                ) : null}
                {order.orderNumber}
              </td>
              {/* Long names and e-mails wrap, so the row fits at 1280 px with Actions in view. */}
              <td className="px-3 py-3 [overflow-wrap:anywhere]">
                <div className="font-medium">{order.customerName || "Guest"}</div>
                {order.customerEmail ? (
                  <div className="text-muted-foreground text-xs">{order.customerEmail}</div>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-3">
                <time dateTime={new Date(order.createdAt).toISOString()}>
                  {formatIstDate(order.createdAt)}
                </time>
              </td>
              <td className="whitespace-nowrap px-3 py-3">{formatRupees(order.total)}</td>
              <td className="px-3 py-3">
                <div className="grid justify-items-start gap-1">
                  <span className="whitespace-nowrap">{paymentMethodLabel(order)}</span>
                  <PaymentStatusBadge payment={order} />
                  {isTestPayment(order) ? <TestPaymentBadge /> : null}
                </div>
              </td>
              <td className="px-3 py-3">
                <OrderStatusSelect
                  key={`${order.id}-${order.status}`}
                  orderId={order.id}
                  orderNumber={order.orderNumber}
                  status={order.status}
                  action={action}
                  closed={isRefundedInFull(order)}
                  cardRefund={cardRefundOnCancel(order)}
                />
                {order.recallHold ? <RecallHoldBadge batches={order.recallHold} /> : null}
                {states[order.id] === "failed_attempt" || states[order.id] === "booking_failed" ? (
                  <Badge variant="destructive" className="mt-1">
                    {SHIPMENT_STATE_LABELS[states[order.id]!]}
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-3">
                <Link
                  to={listHref({ view: order.id })}
                  preventScrollReset
                  id={`view-order-${order.id}`}
                  aria-label={`View order ${order.orderNumber}`}
                  className="inline-flex size-9 items-center justify-center rounded-md hover:bg-secondary"
                >
                  <Eye className="size-4" aria-hidden="true" />
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>

      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => listHref({ page: p })} />

      {hydrated ? (
        <TitledDialog
          open={Boolean(detail)}
          onOpenChange={(open) => (open ? null : closeDetail())}
          title={detail ? `Order ${detail.orderNumber}` : "Order"}
          description="Order details, tracking and invoice"
          contentProps={{
            className: "max-w-3xl!",
            // The dialog itself takes the focus, not its first button ("Record cash received",
            // "Ship"): an Enter pressed on opening changes nothing.
            onOpenAutoFocus: (event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement | null)?.focus();
            },
            // The dialog opens from a link, not a trigger: give focus back to that link.
            onCloseAutoFocus: (event) => {
              const link =
                viewedId.current && document.getElementById(`view-order-${viewedId.current}`);
              if (link) {
                event.preventDefault();
                link.focus();
              }
            },
          }}
        >
          {detailBody}
        </TitledDialog>
      ) : null}
    </div>
  );
}
