import { describe, expect, it } from "vitest";
import { untilAborted, withinBudget } from "./time-budget.server";

describe("work given a time budget", () => {
  it("answers with the work's result when it comes in time", async () => {
    expect(
      await withinBudget(
        1_000,
        async () => "answer",
        () => new Error("late"),
      ),
    ).toBe("answer");
  });

  it("passes on the work's own failure", async () => {
    const failing = withinBudget(
      1_000,
      async () => {
        throw new Error("refused");
      },
      () => new Error("late"),
    );
    await expect(failing).rejects.toThrow("refused");
  });

  it("gives up at the budget with its error and aborts the work's signal, whatever the work does", async () => {
    let signal: AbortSignal | undefined;
    const started = performance.now();
    const hung = withinBudget(
      50,
      (given) => {
        signal = given;
        return new Promise<never>(() => {});
      },
      () => new Error("no answer within 50 ms"),
    );
    await expect(hung).rejects.toThrow("no answer within 50 ms");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
    expect((signal!.reason as Error).message).toBe("no answer within 50 ms");
  });

  it("ends a fetch given the signal", async () => {
    const { createServer } = await import("node:http");
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const fetching = withinBudget(
        100,
        (signal) => fetch(`http://127.0.0.1:${port}/`, { signal }),
        () => new Error("the server did not answer"),
      );
      await expect(fetching).rejects.toThrow("the server did not answer");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("a wait on shared work that a caller may stop", () => {
  it("answers with the work's result, or its failure, while the signal has not aborted", async () => {
    const signal = new AbortController().signal;
    expect(await untilAborted(Promise.resolve("token"), signal)).toBe("token");
    await expect(untilAborted(Promise.reject(new Error("refused")), signal)).rejects.toThrow(
      "refused",
    );
  });

  it("rejects with the signal's reason once it aborts, though the work runs on", async () => {
    const controller = new AbortController();
    let finish: (value: string) => void = () => {};
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const waiting = untilAborted(work, controller.signal);
    controller.abort(new Error("budget spent"));
    await expect(waiting).rejects.toThrow("budget spent");
    finish("token");
    expect(await work).toBe("token");
  });

  it("rejects at once for a signal already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    await expect(untilAborted(new Promise(() => {}), controller.signal)).rejects.toThrow(
      "too late",
    );
  });
});
