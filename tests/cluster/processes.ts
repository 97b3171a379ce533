/**
 * Several processes of the production build on one fresh PostgreSQL database, as a shop behind a
 * load balancer runs: the same AUTH_SECRET, the same PUBLIC_URL (the proxy's), a data directory
 * each. Everything they print is kept, so a test can look for errors in their logs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** A database of its own on TEST_DATABASE_URL's server, dropped again by `drop`. */
export async function createClusterDatabase(serverUrl: string) {
  const name = `shop_cluster_${Date.now()}_${process.pid}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    name,
    url: url.toString(),
    /** The test's own connections, to arrange data and read the outcome. */
    pool,
    drop: async () => {
      await pool.end().catch(() => {});
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `count` different loopback ports nothing listens on right now (all held until all are known). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  return ports;
}

/** One run of one process: what it printed and how it ended. */
export type ProcessRun = {
  label: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

export type ShopProcess = {
  port: number;
  dataDir: string;
  /** Every run of this process so far, the current one last. */
  runs: ProcessRun[];
};

export type ClusterOptions = {
  databaseUrl: string;
  publicUrl: string;
  ports: number[];
  env: Record<string, string>;
};

/** Keeps the environment of the machine running the tests, minus what would change the shop. */
function baseEnvironment() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith("SMTP_") ||
      name.startsWith("RAZORPAY_") ||
      name.startsWith("VITEST") ||
      ["DATABASE_URL", "TEST_DATABASE_URL", "PAGE_CACHE_MB", "MAIL_FROM"].includes(name)
    ) {
      delete env[name];
    }
  }
  return env;
}

export class ShopCluster {
  readonly processes: ShopProcess[];

  constructor(private readonly options: ClusterOptions) {
    this.processes = options.ports.map((port) => ({
      port,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `shop-cluster-${port}-`)),
      runs: [],
    }));
  }

  /** Starts every process at once and waits until each answers its health check. */
  async start(extraEnv: Record<string, string> = {}) {
    for (const shop of this.processes) this.spawn(shop, extraEnv);
    await Promise.all(this.processes.map((shop) => this.waitForHealth(shop)));
  }

  private spawn(shop: ShopProcess, extraEnv: Record<string, string>) {
    const label = `process ${this.processes.indexOf(shop)} (port ${shop.port}), run ${shop.runs.length + 1}`;
    const child = spawn(process.execPath, ["build/server/server.js"], {
      env: {
        ...baseEnvironment(),
        ...this.options.env,
        ...extraEnv,
        NODE_ENV: "production",
        PORT: String(shop.port),
        PUBLIC_URL: this.options.publicUrl,
        DATABASE_URL: this.options.databaseUrl,
        DATA_DIR: shop.dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    shop.runs.push({ label, child, output: () => output, exited });
  }

  private async waitForHealth(shop: ShopProcess, timeoutMs = 90_000) {
    const run = shop.runs.at(-1)!;
    let exitCode: number | null | undefined;
    void run.exited.then((code) => {
      exitCode = code;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        throw new Error(`${run.label} exited with ${exitCode} while starting:\n${run.output()}`);
      }
      const status = await fetch(`http://127.0.0.1:${shop.port}/healthz`)
        .then((response) => response.status)
        .catch(() => null);
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${run.label} was not healthy after ${timeoutMs} ms:\n${run.output()}`);
  }

  /** Sends SIGTERM to every running process at once; resolves with their exit codes. */
  async stop(signal: NodeJS.Signals = "SIGTERM") {
    return Promise.all(
      this.processes.map((shop) => {
        const run = shop.runs.at(-1);
        if (!run) return Promise.resolve(null);
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill(signal);
        return run.exited;
      }),
    );
  }

  /** Every run of every process, for the log checks. */
  allRuns() {
    return this.processes.flatMap((shop) => shop.runs);
  }

  /** Ends whatever still runs and removes the data directories. */
  async close() {
    const stopping = this.stop("SIGTERM");
    const timeout = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
    await Promise.race([stopping, timeout]);
    await this.stop("SIGKILL");
    for (const shop of this.processes) fs.rmSync(shop.dataDir, { recursive: true, force: true });
  }
}

/** A pino JSON line as the shop writes it. */
type LogLine = { level?: number; msg?: string; [key: string]: unknown };

/** The lines at error level or above (pino: 50 error, 60 fatal) a process printed. */
export function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    if (!line.startsWith("{")) return false;
    try {
      return ((JSON.parse(line) as LogLine).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}

/** The parsed JSON log lines a process printed whose message is `msg`. */
export function logLines(output: string, msg: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const parsed = JSON.parse(line) as LogLine;
      if (parsed.msg === msg) lines.push(parsed);
    } catch {
      // Not a log line.
    }
  }
  return lines;
}

/** A secret of AUTH_SECRET's shape, the same for every process of one cluster. */
export function sharedSecret() {
  return randomBytes(32).toString("base64url");
}
