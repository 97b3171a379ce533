import { data, Form, redirect } from "react-router";
import { Printer } from "~/components/icons";
import { printOnOpenHref } from "~/components/order/print-on-open";
import { TaxInvoiceDocument } from "~/components/order/tax-invoice";
import { Button } from "~/components/ui/button";
import { z } from "~/domain/zod";
import { requireAdmin } from "~/modules/accounts/session.server";
import { InvoiceError, issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";

import type { Route } from "./+types/order-invoice";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data?.invoice
      ? `Invoice ${data.invoice.number} | Satara Ayurveda`
      : "Invoice | Admin | Satara Ayurveda",
  },
  { name: "robots", content: "noindex" },
];

const orderIdSchema = z.uuid();

function orderIdOf(params: { orderId?: string }) {
  const parsed = orderIdSchema.safeParse(params.orderId);
  if (!parsed.success) throw data("This order does not exist", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const view = await loadInvoice(context.services.db, orderIdOf(params));
  if (!view) throw data("This order does not exist", { status: 404 });
  return view;
}

/** 'Print Invoice': numbers the invoice on its first print, then shows it ready to print. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const orderId = orderIdOf(params);
  try {
    await issueInvoice(context.services.db, admin.id, orderId);
  } catch (error) {
    if (error instanceof InvoiceError) {
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
  return redirect(printOnOpenHref(`/admin/orders/${orderId}/invoice`));
}

function NotIssued({ orderNumber, error }: { orderNumber: string; error: string | undefined }) {
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-8">
      <h1 className="font-display text-2xl">Invoice for order {orderNumber}</h1>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {error}
        </p>
      ) : (
        <p>No invoice has been issued for this order yet. Printing it gives it the next number.</p>
      )}
      <div className="flex gap-3">
        <Form method="post">
          <Button type="submit">
            <Printer aria-hidden="true" /> Print Invoice
          </Button>
        </Form>
        <a href="/admin/orders" className="inline-flex h-10 items-center text-primary underline">
          Back to orders
        </a>
      </div>
    </main>
  );
}

export default function OrderInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { order, invoice } = loaderData;
  if (!invoice) {
    return <NotIssued orderNumber={order.orderNumber} error={actionData?.error} />;
  }
  return (
    <TaxInvoiceDocument
      order={order}
      invoice={invoice}
      back={{ href: "/admin/orders", label: "Back to orders" }}
      note={
        invoice.supplier.gstin ? null : (
          <p
            role="note"
            className="mb-4 rounded-md border border-badge-yellow-foreground bg-badge-yellow p-3 print:hidden"
          >
            The shop's GSTIN is not set yet. Add it under Settings before sending this invoice.
          </p>
        )
      }
    />
  );
}
