import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import type { logger } from "../lib/logger.server";
import { readinessEndpoint } from "./readiness-endpoint.server";

/** What the endpoint answered: status, body and the Cache-Control it set. */
async function ask(options: { stopping?: boolean; checkReadiness?: () => Promise<string | null> }) {
  const answer = { status: 0, body: "", cacheControl: "", type: "" };
  const res = {
    setHeader: (name: string, value: string) => {
      if (name === "Cache-Control") answer.cacheControl = value;
      return res;
    },
    status: (code: number) => {
      answer.status = code;
      return res;
    },
    type: (type: string) => {
      answer.type = type;
      return res;
    },
    send: (body: string) => {
      answer.body = body;
      return res;
    },
  } as unknown as Response;
  const log = { error: vi.fn() };
  const checkReadiness = vi.fn(options.checkReadiness ?? (async () => null));
  await readinessEndpoint({
    stopping: () => options.stopping ?? false,
    checkReadiness,
    log: log as unknown as typeof logger,
  })({} as Request, res);
  return { ...answer, checked: checkReadiness.mock.calls.length, logged: log.error.mock.calls };
}

describe("readinessEndpoint", () => {
  it("is ready when the database answers and live updates are heard", async () => {
    const answer = await ask({});
    expect(answer).toMatchObject({ status: 200, body: "ready", type: "text/plain" });
    expect(answer.cacheControl).toBe("no-store");
  });

  it("is not ready once the process is stopping, without asking the database", async () => {
    const answer = await ask({ stopping: true });
    expect(answer).toMatchObject({ status: 503, body: "stopping", cacheControl: "no-store" });
    expect(answer.checked).toBe(0);
  });

  it("says what is wrong when a check finds a problem", async () => {
    const problem = "live updates are reconnecting to the database (storefront_changed)";
    const answer = await ask({ checkReadiness: async () => problem });
    expect(answer).toMatchObject({ status: 503, body: problem });
  });

  it("is not ready when the database does not answer, and logs why", async () => {
    const failure = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    const answer = await ask({
      checkReadiness: async () => {
        throw failure;
      },
    });
    // The body names no host, port or driver message: /readyz may be reachable from outside.
    expect(answer).toMatchObject({ status: 503, body: "database unavailable" });
    expect(answer.logged).toEqual([[{ err: failure }, "readiness check failed"]]);
  });
});
