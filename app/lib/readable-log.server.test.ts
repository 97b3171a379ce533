import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { logDestination, readableLine } from "./readable-log.server";

const AT = new Date(2026, 11, 2, 10, 42, 3).getTime();

describe("the log on a terminal", () => {
  it("shows a request as its method, address, status and time taken", () => {
    const line = JSON.stringify({
      level: 30,
      time: AT,
      reqId: "0ca87452-3e39-4651-a417-53879bb160c6",
      method: "GET",
      url: "/products?search=amla",
      status: 200,
      ip: "127.0.0.1",
      protocol: "http",
      ms: 12.3,
      msg: "request",
    });
    expect(readableLine(`${line}\n`)).toBe("10:42:03 GET /products?search=amla 200 12.3 ms\n");
  });

  it("shows other events by their message and facts, warnings and errors named", () => {
    expect(
      readableLine(
        JSON.stringify({
          level: 30,
          time: AT,
          categories: 8,
          products: 32,
          msg: "demo catalog loaded",
        }),
      ),
    ).toBe("10:42:03 demo catalog loaded categories=8 products=32\n");
    expect(
      readableLine(
        JSON.stringify({
          level: 40,
          time: AT,
          reqId: "83a6cf2c-e9b1",
          path: "/x",
          msg: "page not found",
        }),
      ),
    ).toBe("10:42:03 warn page not found path=/x request=83a6cf2c\n");
    expect(
      readableLine(
        JSON.stringify({
          level: 50,
          time: AT,
          err: {
            type: "Error",
            message: "boom",
            stack: "Error: boom\n    at main (server.ts:1:1)",
          },
          url: "/checkout",
          msg: "unhandled server error",
        }),
      ),
    ).toBe(
      "10:42:03 error unhandled server error url=/checkout\n  Error: boom\n      at main (server.ts:1:1)\n",
    );
  });

  it("colours the words when the terminal has colours", () => {
    const line = JSON.stringify({ level: 40, time: AT, msg: "careful" });
    expect(stripVTControlCharacters(readableLine(line, true))).toBe(readableLine(line, false));
    expect(readableLine(line, true)).not.toBe(readableLine(line, false));
  });

  it("is chosen for a terminal only: piped or kept by journald, each line stays JSON", () => {
    const written: string[] = [];
    const sink = Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          written.push(String(chunk));
          done();
        },
      }),
      { isTTY: true as const, hasColors: () => false },
    );
    expect(logDestination({ isTTY: false } as NodeJS.WriteStream)).toBeUndefined();
    createLogger("info", logDestination(sink as unknown as NodeJS.WriteStream)).info(
      { orderId: "o-1" },
      "order placed",
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d order placed orderId=o-1\n$/);
  });
});
