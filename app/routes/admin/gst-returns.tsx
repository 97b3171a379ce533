import { Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { Download } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { rupeesDecimal } from "~/domain/csv";
import { GSTR1_FILES, type Gstr1FileName, gstr1File, parseMonth } from "~/domain/gstr1";
import { istParts } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { requireAdmin } from "~/modules/accounts/session.server";
import { loadGstr1Month } from "~/modules/gst-documents/gstr1.server";
import type { Route } from "./+types/gst-returns";

export const meta: Route.MetaFunction = () => [{ title: "GST Returns | Admin | Satara Ayurveda" }];

const FILE_TITLES: Record<Gstr1FileName, { title: string; about: string }> = {
  b2cs: {
    title: "B2C Small (b2cs)",
    about: "Table 7: sales to consumers by place of supply and rate, net of credit notes",
  },
  b2cl: {
    title: "B2C Large (b2cl)",
    about: "Table 5: inter-state invoices above ₹1,00,000, invoice by invoice",
  },
  cdnur: {
    title: "Credit Notes (cdnur)",
    about: "Table 9B: credit notes against B2C large invoices",
  },
  hsn: {
    title: "HSN Summary (hsn)",
    about: "Table 12: by HSN or SAC and rate, net of credit notes",
  },
  docs: { title: "Documents Issued (docs)", about: "Table 13: invoice and credit note series" },
};

function currentMonth() {
  const { year, month } = istParts(new Date());
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The month's GSTR-1 files for the accountant (docs/decisions/041), with what they hold. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const requested = new URL(request.url).searchParams.get("month");
  const month = parseMonth(requested) ? requested! : currentMonth();
  const input = await loadGstr1Month(context.services.db, parseMonth(month)!);
  const taxable = (lines: readonly { taxableValue: number }[]) =>
    lines.reduce((sum, line) => sum + line.taxableValue, 0);
  return {
    month,
    invoices: input.invoices.length,
    creditNotes: input.creditNotes.length,
    invoicedTaxable: input.invoices.reduce((sum, i) => sum + taxable(i.lines), 0),
    creditedTaxable: input.creditNotes.reduce((sum, n) => sum + taxable(n.lines), 0),
    rows: Object.fromEntries(
      GSTR1_FILES.map((name) => [name, gstr1File(name, input).rows.length]),
    ) as Record<Gstr1FileName, number>,
  };
}

export default function GstReturns({ loaderData }: Route.ComponentProps) {
  const { month, rows } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="GST Returns"
        description="The month's GSTR-1 files, in the layout of the GST offline tool's templates"
      />
      <Card>
        <CardContent className="pt-6">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <Field label="Month" id="gst-month" className="w-48">
              {(control) => (
                <Input {...control} type="month" name="month" defaultValue={month} required />
              )}
            </Field>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-display font-semibold text-lg leading-tight">GSTR-1 for {month}</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-1 text-sm sm:grid-cols-2">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Invoices issued</dt>
              <dd>{loaderData.invoices}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Credit notes issued</dt>
              <dd>{loaderData.creditNotes}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Taxable value invoiced</dt>
              <dd>{formatRupees(loaderData.invoicedTaxable)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Taxable value credited</dt>
              <dd>{formatRupees(loaderData.creditedTaxable)}</dd>
            </div>
          </dl>
          <ul className="grid gap-3">
            {GSTR1_FILES.map((name) => (
              <li
                key={name}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{FILE_TITLES[name].title}</span>
                  <span className="text-muted-foreground text-sm">
                    {FILE_TITLES[name].about} · {rows[name]} {rows[name] === 1 ? "row" : "rows"}
                  </span>
                </div>
                <a
                  href={`/admin/gst-returns/${month}/${name}.csv`}
                  download
                  aria-label={`Download ${FILE_TITLES[name].title} for ${month}`}
                  className="inline-flex h-9 items-center gap-2 rounded-md border border-primary bg-card px-3 font-medium text-primary text-sm hover:bg-secondary"
                >
                  <Download className="size-4" aria-hidden="true" /> Download
                </a>
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground text-xs">
            Amounts are rupees with two decimals ({rupeesDecimal(123456)} is ₹1,234.56); dates are
            India time.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
