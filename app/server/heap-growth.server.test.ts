import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from "./heap-growth.server";

describe("limitHeapGrowth", () => {
  const execArgv = process.execArgv;
  afterEach(() => {
    process.execArgv = execArgv;
    vi.restoreAllMocks();
  });

  it("lets the heap grow by half past what survived", () => {
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    process.execArgv = [];
    limitHeapGrowth();
    expect(HEAP_GROWING_PERCENT).toBe(50);
    expect(set).toHaveBeenCalledWith("--heap-growing-percent=50");
  });

  it("leaves a factor given on the command line alone", () => {
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    process.execArgv = ["--heap-growing-percent=80"];
    limitHeapGrowth();
    expect(set).not.toHaveBeenCalled();
  });
});
