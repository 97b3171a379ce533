import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { runInRequest } from "./request-store.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("the logger", () => {
  it("puts the request's id on every line written while serving it, awaits included", async () => {
    const { logger, lines } = capture();
    await runInRequest({ requestId: "req-42", navigation: false, toasts: [] }, async () => {
      logger.info("before an await");
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn({ orderId: "o-1" }, "after an await");
    });
    logger.info("outside any request");
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ["before an await", "req-42"],
      ["after an await", "req-42"],
      ["outside any request", undefined],
    ]);
  });

  it("keeps passwords and cookies out of the lines", () => {
    const { logger, lines } = capture();
    logger.info({ password: "secret", req: { headers: { cookie: "shop.session_token=abc" } } });
    expect(JSON.stringify(lines)).not.toMatch(/secret|abc/);
  });
});
