import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPageLinks } from "~/components/admin/list-page-links";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import {
  JOB_STATE_LABELS,
  JOB_STATES,
  type JobState,
  jobKindLabel,
} from "~/domain/background-jobs";
import { formatIstDateTime } from "~/domain/india-time";
import { searchParamsOf } from "~/domain/validation/admin-lists";
import { jobActionSchema, jobsQuerySchema } from "~/domain/validation/jobs";
import { actionFailure, actionSuccess, refusal } from "~/lib/action-result.server";
import { readForm } from "~/lib/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  countJobs,
  dismissFailedJob,
  failedJobs,
  recentJobs,
  retryFailedJob,
} from "~/modules/jobs/jobs-admin.server";
import { orderNumbersOf } from "~/modules/orders/order-numbers.server";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [
  { title: "Background jobs | Admin | Satara Ayurveda" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const query = jobsQuerySchema.parse(searchParamsOf(request, ["page"]));
  const [counts, failed, recent] = await Promise.all([
    countJobs(db),
    failedJobs(db),
    recentJobs(db, context.services.jobs, { page: query.page }),
  ]);
  const byKind = new Map<string, Record<string, number>>();
  for (const { kind, state, count } of counts) {
    byKind.set(kind, { ...byKind.get(kind), [state]: count });
  }
  const numbers = await orderNumbersOf(
    db,
    recent.jobs.flatMap((job) => job.orderIds),
  );
  return {
    kinds: [...byKind]
      .map(([kind, states]) => ({ kind, label: jobKindLabel(kind), states }))
      .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)),
    failed: failed.map((job) => ({ ...job, label: jobKindLabel(job.kind) })),
    recent: {
      ...recent,
      jobs: recent.jobs.map(({ orderIds, ...job }) => {
        // A booking of several orders links the first; its key names the batch.
        const orderId = orderIds.find((id) => numbers.has(id));
        return {
          ...job,
          label: jobKindLabel(job.kind),
          order: orderId ? { id: orderId, orderNumber: numbers.get(orderId)! } : null,
          more: orderId ? orderIds.filter((id) => numbers.has(id)).length - 1 : 0,
        };
      }),
    },
  };
}

const STATE_TONE: Record<JobState, "secondary" | "warning" | "success" | "destructive"> = {
  queued: "warning",
  running: "secondary",
  done: "success",
  failed: "destructive",
};

const DONE = { retry: "Job queued to run again", dismiss: "Job dismissed" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  const parsed = jobActionSchema.safeParse({
    intent: formData.get("intent"),
    id: formData.get("id"),
  });
  if (!parsed.success) {
    return actionFailure(
      context.services.signer,
      refusal(parsed.error.issues[0]?.message ?? "Unknown action"),
    );
  }
  const { intent, id } = parsed.data;
  const changed =
    intent === "retry"
      ? await retryFailedJob(db, admin.id, id)
      : await dismissFailedJob(db, admin.id, id);
  if (!changed) {
    return actionFailure(
      context.services.signer,
      refusal("That job is no longer failed.", { status: 409 }),
    );
  }
  return actionSuccess(context.services.signer, { type: "success", title: DONE[intent] });
}

export default function BackgroundJobsPage({ loaderData }: Route.ComponentProps) {
  const { kinds, failed, recent } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Background jobs"
        description="Work the shop does after a change: order mails, refunds and the like"
      />
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">By kind</h2>
        </CardHeader>
        <AdminTable
          headings={["Kind", ...JOB_STATES.map((state) => JOB_STATE_LABELS[state])]}
          rowCount={kinds.length}
          emptyText="No background jobs yet."
        >
          {kinds.map(({ kind, label, states }) => (
            <tr key={kind} className="border-border border-b last:border-0">
              <th scope="row" className="px-3 py-2 font-medium">
                {label}
              </th>
              {JOB_STATES.map((state) => (
                <td key={state} className="px-3 py-2 tabular-nums">
                  {states[state] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">Recent jobs</h2>
          <p className="text-muted-foreground text-sm">
            Newest first. Finished jobs are kept for 30 days; failed ones until they are dismissed.
          </p>
        </CardHeader>
        <AdminTable
          headings={["Kind", "State", "When", "Attempts", "Order"]}
          rowCount={recent.jobs.length}
          emptyText="No background jobs yet."
        >
          {recent.jobs.map((job) => (
            <tr key={job.id} className="border-border border-b align-top last:border-0">
              <th scope="row" className="px-3 py-2 font-medium">
                {job.label}
              </th>
              <td className="px-3 py-2">
                <Badge variant={STATE_TONE[job.state]}>{JOB_STATE_LABELS[job.state]}</Badge>
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                {formatIstDateTime(job.at)}
                {job.state === "queued" && new Date(job.runAt) > new Date(job.at) ? (
                  <span className="block text-muted-foreground text-xs">
                    Due {formatIstDateTime(job.runAt)}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 tabular-nums">{job.attempts}</td>
              <td className="px-3 py-2">
                {job.order ? (
                  <Link
                    to={`/admin/orders?view=${job.order.id}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {job.order.orderNumber}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
                {job.more > 0 ? (
                  <span className="block text-muted-foreground text-xs">and {job.more} more</span>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <ListPageLinks page={recent.page} pageCount={recent.pageCount} />
      <Card>
        <CardHeader>
          <h2 className="font-semibold text-lg">Failed</h2>
        </CardHeader>
        <AdminTable
          headings={["Kind", "Job", "Attempts", "Last error", "Last tried", "Actions"]}
          rowCount={failed.length}
          emptyText="No failed jobs."
        >
          {failed.map((job) => (
            <tr key={job.id} className="border-border border-b align-top last:border-0">
              <td className="px-3 py-2">{job.label}</td>
              <td className="break-all px-3 py-2 font-mono text-xs">{job.key}</td>
              <td className="px-3 py-2 tabular-nums">{job.attempts}</td>
              <td className="max-w-md break-words px-3 py-2">{job.lastError}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatIstDateTime(job.updatedAt)}</td>
              <td className="px-3 py-2">
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={job.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="retry"
                    size="sm"
                    aria-label={`Retry ${job.label} ${job.key}`}
                  >
                    Retry
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="dismiss"
                    size="sm"
                    variant="outline"
                    aria-label={`Dismiss ${job.label} ${job.key}`}
                  >
                    Dismiss
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </div>
  );
}
