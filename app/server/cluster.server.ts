import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { retryDelay } from "../domain/backoff";
import type { logger as appLogger } from "../lib/logger.server";

type Logger = typeof appLogger;

const METRICS_REQUEST = "shop:metrics-request";
const METRICS_REPLY = "shop:metrics-reply";

/** A worker that dies this soon after starting counts towards the restart backoff. */
const RECENT_MS = 60_000;
const RESTART = { baseMs: 1_000, capMs: 30_000 };

type Options = { workers: number; graceMs: number; log: Logger };

/**
 * The primary process of WEB_CONCURRENCY > 1: it serves nothing itself. It starts the workers,
 * which share the port, starts another when one dies (sooner when deaths are rare), stops them all
 * on SIGTERM or SIGINT and exits once they have finished their requests, and answers the workers'
 * requests for the whole cluster's metrics. A worker that dies before it ever listened while no
 * other listens means the shop cannot start (configuration, database): the primary exits too,
 * rather than restart it forever.
 */
export function runPrimary({ workers, graceMs, log }: Options) {
  const aggregator = new AggregatorRegistry();
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  let everListened = false;
  let recentDeaths = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (!everListened) log.info({ workers }, "workers listening");
    everListened = true;
  });

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!wasListening && !everListened && listening.size === 0) {
      log.error({ pid: worker.process.pid, code, signal }, "a worker could not start; stopping");
      stopAll(1);
      return;
    }
    recentDeaths = lived < RECENT_MS ? recentDeaths + 1 : 0;
    const delay = recentDeaths === 0 ? 0 : retryDelay(recentDeaths - 1, RESTART);
    log.warn({ pid: worker.process.pid, code, signal, restartInMs: delay }, "a worker stopped");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  cluster.on("message", (worker: Worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_REPLY, id: message.id, error: error.message }),
    );
  });

  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const running = Object.values(cluster.workers ?? {}).filter(Boolean) as Worker[];
    if (running.length === 0) process.exit(code);
    for (const worker of running) worker.process.kill("SIGTERM");
    // Each worker cuts its own requests after the grace; this is for one that hangs anyway.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(code || 1);
    }, graceMs + 5_000).unref();
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      log.info({ signal }, "stopping the workers");
      stopAll(0);
    });
  }

  log.info({ workers }, "starting workers");
  for (let i = 0; i < workers; i += 1) fork();
}

/** In a worker: answers prom-client's requests from the primary for this process's metrics. */
export function answerClusterMetricRequests() {
  if (cluster.isWorker) new AggregatorRegistry();
}

let nextRequest = 0;

/**
 * The metrics of every worker of the cluster, summed (gauges read from the database: their
 * maximum), asked of the primary; in a single process, null.
 */
export function clusterMetrics(): Promise<string> | null {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return null;
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary process did not answer with the metrics"));
    }, 10_000);
    function onMessage(message: { type?: string; id?: number; text?: string; error?: string }) {
      if (message?.type !== METRICS_REPLY || message.id !== id) return;
      clearTimeout(timeout);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    }
    process.on("message", onMessage);
    send({ type: METRICS_REQUEST, id });
  });
}
