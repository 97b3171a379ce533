import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts an id in either case", () => {
    expect(isUuid("0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(true);
    expect(isUuid("0F8E2A4C-1B3D-4E5F-8A9B-0C1D2E3F4A5B")).toBe(true);
  });

  it.each([
    "",
    "abc",
    "0f8e2a4c1b3d4e5f8a9b0c1d2e3f4a5b",
    " 0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b",
    "0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5g",
    "0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b\n",
  ])("refuses %j", (text) => {
    expect(isUuid(text)).toBe(false);
  });
});
