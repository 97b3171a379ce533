import { Link } from "react-router";
import { CalendarClock } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatLabelMonth } from "~/domain/batch-labels";
import type { ExpiryAlert } from "~/modules/inventory/expiry-alerts.server";

/** A dashboard panel of lots whose expiry needs attention, each linked to its product's lots. */
export function ExpiryPanel({
  id,
  title,
  description,
  emptyText,
  alerts,
  expired = false,
}: {
  id: string;
  title: string;
  description: string;
  emptyText: string;
  alerts: readonly ExpiryAlert[];
  expired?: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="h-full">
        <CardHeader>
          <h2 id={id} className="flex items-center gap-2 font-display font-semibold text-lg">
            <CalendarClock className="size-5 text-accent-strong" aria-hidden="true" />
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </CardHeader>
        <CardContent>
          {alerts.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">{emptyText}</p>
          ) : (
            <ul className="grid divide-y divide-border">
              {alerts.map((alert) => (
                <li key={alert.lotId} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/products/${alert.productId}/lots`}
                      className="block truncate font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {alert.name}
                    </Link>
                    <p className="text-muted-foreground text-sm">
                      Batch {alert.batchNumber} · {alert.quantityLeft} left
                    </p>
                  </div>
                  <Badge variant={expired ? "destructive" : "warning"}>
                    {expired ? "Expired" : "Exp."} {formatLabelMonth(alert.expiresOn)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
