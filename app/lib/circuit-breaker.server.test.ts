import { describe, expect, it } from "vitest";
import { CircuitBreaker, CircuitOpenError } from "./circuit-breaker.server";

function clocked() {
  let now = 1_000_000;
  const breaker = new CircuitBreaker({
    name: "Shiprocket",
    failuresToOpen: 3,
    coolDownMs: 30_000,
    now: () => now,
  });
  let calls = 0;
  const fail = () =>
    breaker.run(async () => {
      calls += 1;
      throw new Error("no answer");
    });
  const succeed = () =>
    breaker.run(async () => {
      calls += 1;
      return "answer";
    });
  return {
    breaker,
    fail,
    succeed,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("a circuit breaker for one outside service", () => {
  it("lets calls through until failures in a row reach the limit, then refuses at once", async () => {
    const { breaker, fail, succeed, calls } = clocked();
    await expect(fail()).rejects.toThrow("no answer");
    await expect(fail()).rejects.toThrow("no answer");
    expect(breaker.state).toBe("closed");
    await expect(fail()).rejects.toThrow("no answer");
    expect(breaker.state).toBe("open");
    await expect(succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    await expect(fail()).rejects.toBeInstanceOf(CircuitOpenError);
    expect(calls()).toBe(3);
  });

  it("counts only failures in a row: a success in between starts the count again", async () => {
    const { breaker, fail, succeed } = clocked();
    await expect(fail()).rejects.toThrow();
    await expect(fail()).rejects.toThrow();
    expect(await succeed()).toBe("answer");
    await expect(fail()).rejects.toThrow();
    await expect(fail()).rejects.toThrow();
    expect(breaker.state).toBe("closed");
  });

  it("says when it will let a call through again", async () => {
    const { fail, succeed } = clocked();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    const refusal = await succeed().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CircuitOpenError);
    expect((refusal as CircuitOpenError).retryAt).toBe(1_000_000 + 30_000);
  });

  it("after its cool-down lets one probe through; the probe's success closes it", async () => {
    const { breaker, fail, succeed, calls, advance } = clocked();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(29_999);
    await expect(succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    advance(1);
    expect(breaker.state).toBe("half-open");
    expect(await succeed()).toBe("answer");
    expect(breaker.state).toBe("closed");
    expect(await succeed()).toBe("answer");
    expect(calls()).toBe(5);
  });

  it("refuses the others while the probe is under way", async () => {
    const { breaker, fail, succeed, advance } = clocked();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(30_000);
    let answer!: (value: string) => void;
    const probe = breaker.run(() => new Promise<string>((resolve) => (answer = resolve)));
    await expect(succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    answer("back");
    expect(await probe).toBe("back");
    expect(await succeed()).toBe("answer");
  });

  it("opens for another cool-down when the probe fails", async () => {
    const { breaker, fail, succeed, calls, advance } = clocked();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(30_000);
    await expect(fail()).rejects.toThrow("no answer");
    expect(breaker.state).toBe("open");
    advance(29_999);
    await expect(succeed()).rejects.toBeInstanceOf(CircuitOpenError);
    advance(1);
    expect(await succeed()).toBe("answer");
    expect(calls()).toBe(5);
  });

  it("does not count an error the service gave on purpose", async () => {
    const { breaker } = clocked();
    const refused = () =>
      breaker.run(
        async () => {
          throw new Error("422 Invalid Data");
        },
        (error) => !(error as Error).message.startsWith("422"),
      );
    for (let i = 0; i < 5; i++) await expect(refused()).rejects.toThrow("422");
    expect(breaker.state).toBe("closed");
  });

  it("is closed again by reset", async () => {
    const { breaker, fail, succeed } = clocked();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    breaker.reset();
    expect(await succeed()).toBe("answer");
  });
});
