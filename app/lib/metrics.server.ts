import client from "prom-client";

/**
 * The shop's Prometheus metrics (docs/decisions/042), on prom-client's global registry. A metric
 * is looked up before it is made: the development server evaluates this module once for the HTTP
 * entry and once more for the app, and a registry refuses a name twice.
 */
function metric<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = metric(
  "shop_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: SECONDS,
    }),
);

export const httpRequestsInFlight = metric(
  "shop_http_requests_in_flight",
  () =>
    new client.Gauge({
      name: "shop_http_requests_in_flight",
      help: "Requests being answered now",
    }),
);

export const databaseQueryDuration = metric(
  "shop_db_query_duration_seconds",
  () =>
    new client.Histogram({
      name: "shop_db_query_duration_seconds",
      help: "Time of one database query, from sending it to its answer (PostgreSQL)",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
);

export const ordersPlaced = metric(
  "shop_orders_placed_total",
  () =>
    new client.Counter({
      name: "shop_orders_placed_total",
      help: "Orders placed, by payment method",
      labelNames: ["payment_method"] as const,
    }),
);

export const cardPayments = metric(
  "shop_payments_total",
  () =>
    new client.Counter({
      name: "shop_payments_total",
      help: "Card payments recorded, by outcome (succeeded or failed)",
      labelNames: ["outcome"] as const,
    }),
);

export const mailsSent = metric(
  "shop_mails_total",
  () =>
    new client.Counter({
      name: "shop_mails_total",
      help: "Mails handed to the mail server (or the outbox directory), by outcome (sent or failed)",
      labelNames: ["outcome"] as const,
    }),
);

/** Each one an SMS the shop pays for (docs/decisions/068). */
export const signInCodesSent = metric(
  "shop_sign_in_codes_sent_total",
  () =>
    new client.Counter({
      name: "shop_sign_in_codes_sent_total",
      help: "Sign-in and add-number codes sent by SMS, by kind of number (known: an account signs in with it; new)",
      labelNames: ["kind"] as const,
    }),
);

export const signInCodeRefusals = metric(
  "shop_sign_in_code_refusals_total",
  () =>
    new client.Counter({
      name: "shop_sign_in_code_refusals_total",
      help: "Code requests (step send) and code tries (step verify) refused by a limit, by step and limit",
      labelNames: ["step", "limit"] as const,
    }),
);

/** The process's own figures (memory, CPU, event-loop lag, garbage collection), once. */
export function collectProcessMetrics() {
  if (client.register.getSingleMetric("nodejs_eventloop_lag_seconds")) return;
  client.collectDefaultMetrics();
}

/** Every metric this process holds, in Prometheus' text format. */
export function processMetrics(): Promise<string> {
  return client.register.metrics();
}

export const METRICS_CONTENT_TYPE = client.register.contentType;
