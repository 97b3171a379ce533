import { Form, Link, useLocation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { Pagination } from "~/components/product/pagination";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { describeAuditChanges, fieldLabel } from "~/domain/audit-changes";
import { formatIstDateTime } from "~/domain/india-time";
import { auditQuerySchema, searchParamsOf } from "~/domain/validation/admin-lists";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  type AuditLogEntry,
  auditEntities,
  listAuditEntries,
} from "~/modules/audit/audit-read.server";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log | Admin | Satara Ayurveda" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const query = auditQuerySchema.parse(searchParamsOf(request, ["entity", "page"]));
  const [list, entities] = await Promise.all([
    listAuditEntries(db, profileNaming, { entity: query.entity, page: query.page }),
    auditEntities(db),
  ]);
  return { ...list, entities, entity: query.entity ?? "" };
}

/** Who wrote an entry no person did (docs/decisions/074). */
const ACTOR_KIND_NAMES = { courier: "Courier", system: "System" } as const;

const ACTION_TONES: Record<string, BadgeVariant> = {
  create: "success",
  approve: "success",
  update: "info",
  reject: "warning",
  delete: "destructive",
};

function ChangeView({ entry }: { entry: AuditLogEntry }) {
  const view = describeAuditChanges(entry.changes, entry.entity);
  if (view.kind === "none") return <span className="text-muted-foreground">No details</span>;
  if (view.kind === "diff") {
    return (
      <div className="grid gap-1">
        {view.rows.length === 0 ? (
          <span className="text-muted-foreground">No field changed</span>
        ) : (
          <ul className="grid gap-1">
            {view.rows.map((row) => (
              <li key={row.field} className="break-words">
                <span className="font-medium">{fieldLabel(row.field)}:</span>{" "}
                <del className="text-muted-foreground">{row.before}</del>{" "}
                <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span>{" "}
                <ins className="no-underline">{row.after}</ins>
              </li>
            ))}
          </ul>
        )}
        {view.context.map(({ field, value }) => (
          <span key={field} className="text-muted-foreground text-xs">
            {fieldLabel(field)}: {value}
          </span>
        ))}
      </div>
    );
  }
  return (
    <details>
      <summary className="cursor-pointer text-primary">{view.label}</summary>
      <pre className="mt-2 max-h-64 max-w-xl overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-2 text-xs">
        {JSON.stringify(view.values, null, 2)}
      </pre>
    </details>
  );
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, entities, entity } = loaderData;
  const { search } = useLocation();
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Audit Log"
        description="Every change made in the back office, newest first"
      />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-entity">Entity</Label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={entity}
            className="h-10 min-w-48 rounded-md border border-input bg-card px-3 text-sm"
          >
            <option value="">All entities</option>
            {entities.map((name) => (
              <option key={name} value={name}>
                {fieldLabel(name)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Filter</Button>
        {entity ? (
          <Link to="?" className={buttonVariants({ variant: "ghost" })}>
            Show all
          </Link>
        ) : null}
      </Form>
      <Card>
        <CardHeader>
          <h2 className="font-display font-semibold text-lg">
            {entity ? `${fieldLabel(entity)} entries` : "All entries"} ({total})
          </h2>
        </CardHeader>
        <AdminTable
          headings={["When", "Who", "Action", "Entity", "Change"]}
          rowCount={entries.length}
          emptyText="No entries yet"
        >
          {entries.map((entry) => (
            <tr key={entry.id} className="border-border border-b align-top last:border-0">
              <td className="whitespace-nowrap px-3 py-3">
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {formatIstDateTime(entry.createdAt)}
                </time>
              </td>
              <td className="px-3 py-3">
                {entry.actorEmail ? (
                  <>
                    <span className="block font-medium">{entry.actorName}</span>
                    <span className="break-all text-muted-foreground text-xs">
                      {entry.actorEmail}
                    </span>
                  </>
                ) : (
                  <span className="text-muted-foreground">
                    {entry.actorKind ? ACTOR_KIND_NAMES[entry.actorKind] : "Deleted account"}
                  </span>
                )}
              </td>
              <td className="px-3 py-3">
                <Badge variant={ACTION_TONES[entry.action] ?? "neutral"}>
                  {fieldLabel(entry.action)}
                </Badge>
              </td>
              <td className="px-3 py-3">
                <span className="block">{fieldLabel(entry.entity)}</span>
                {entry.label ? (
                  <span className="block break-words font-medium">{entry.label}</span>
                ) : entry.entityId ? (
                  <span className="break-all font-mono text-muted-foreground text-xs">
                    {entry.entityId}
                  </span>
                ) : null}
              </td>
              <td className="min-w-64 px-3 py-3">
                <ChangeView entry={entry} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </div>
  );
}
