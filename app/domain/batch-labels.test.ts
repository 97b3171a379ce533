import { describe, expect, it } from "vitest";
import {
  firstDayOfMonth,
  formatLabelMonth,
  lastDayOfMonth,
  lineBatchTexts,
  lotStatus,
  nearExpiryWarning,
} from "./batch-labels";
import { parseMonth } from "./validation/stock-lots";

describe("batch labels", () => {
  it("prints a stored day as the label's MM/YYYY, nothing for none", () => {
    expect(formatLabelMonth("2027-03-31")).toBe("03/2027");
    expect(formatLabelMonth(null)).toBe("");
  });

  it("stores a manufacture month as its first day and an expiry month as its last", () => {
    expect(firstDayOfMonth("2027-03")).toBe("2027-03-01");
    expect(lastDayOfMonth("2027-02")).toBe("2027-02-28");
    expect(lastDayOfMonth("2028-02")).toBe("2028-02-29");
    expect(lastDayOfMonth("2027-12")).toBe("2027-12-31");
  });

  it("reads a month field's value and a typed MM/YYYY alike, and nothing else", () => {
    expect(parseMonth("2027-03")).toBe("2027-03");
    expect(parseMonth("3/2027")).toBe("2027-03");
    expect(parseMonth("03/2027")).toBe("2027-03");
    for (const bad of [
      "2027-13",
      "2027-00",
      "13/2027",
      "1999-12",
      "2027-3",
      "2027-03-01",
      "03-2027",
      "",
    ]) {
      expect(parseMonth(bad), bad).toBeNull();
    }
  });

  it("a lot is expired after its expiry, near expiry within the shelf life, sellable otherwise", () => {
    expect(lotStatus(null, "2026-11-27", 90)).toBe("sellable");
    expect(lotStatus("2026-11-26", "2026-11-27", 90)).toBe("expired");
    expect(lotStatus("2026-11-27", "2026-11-27", 90)).toBe("near-expiry");
    expect(lotStatus("2027-02-24", "2026-11-27", 90)).toBe("near-expiry");
    expect(lotStatus("2027-02-25", "2026-11-27", 90)).toBe("sellable");
  });

  it("names one batch without a quantity and several each with theirs", () => {
    expect(lineBatchTexts([{ batchNumber: "A1", expiresOn: "2027-03-31", quantity: 4 }])).toEqual([
      "Batch A1, Exp. 03/2027",
    ]);
    expect(
      lineBatchTexts([
        { batchNumber: "A1", expiresOn: "2027-03-31", quantity: 4 },
        { batchNumber: "B2", expiresOn: null, quantity: 1 },
      ]),
    ).toEqual(["Batch A1, Exp. 03/2027 (4)", "Batch B2 (1)"]);
    expect(lineBatchTexts([])).toEqual([]);
  });
});

describe("receiving a batch inside the minimum shelf life", () => {
  const today = "2026-03-15";
  it("warns that its units will not be sold, naming the month and the shelf life", () => {
    expect(nearExpiryWarning("2026-05-31", today, 90)).toBe(
      "Expiring 05/2026, inside the minimum shelf life of 90 days: its units will not be sold.",
    );
    // The last day still inside the window; the first day outside it is sold.
    expect(nearExpiryWarning("2026-06-12", today, 90)).not.toBeNull();
    expect(nearExpiryWarning("2026-06-13", today, 90)).toBeNull();
  });

  it("says nothing of a batch that will be sold, or of one already expired (refused anyway)", () => {
    expect(nearExpiryWarning("2028-01-31", today, 90)).toBeNull();
    expect(nearExpiryWarning("2026-02-28", today, 90)).toBeNull();
    expect(nearExpiryWarning("2026-03-31", today, 0)).toBeNull();
  });
});
