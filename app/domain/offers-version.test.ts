import { describe, expect, it } from "vitest";
import { offersVersion } from "./offers-version";

const offer = {
  id: "c1",
  code: "WELCOME10",
  discountType: "percentage",
  discountValue: 10,
  maxDiscount: 20000,
  minOrderValue: null,
  usageLimit: 20,
  usedCount: 3,
  expiresAt: new Date("2026-12-31T18:29:59Z"),
};

describe("offersVersion", () => {
  it("is the same for the same offers, and for their JSON copy (what the page received)", () => {
    const copy = JSON.parse(JSON.stringify([offer]));
    expect(offersVersion([offer])).toBe(offersVersion([{ ...offer }]));
    expect(offersVersion(copy)).toBe(offersVersion([offer]));
  });

  it("changes when an offer is added, removed, reordered, used or edited", () => {
    const other = { ...offer, id: "c2", code: "AYUR250" };
    const base = offersVersion([offer, other]);
    const variants = [
      [offer],
      [],
      [other, offer],
      [{ ...offer, usedCount: 4 }, other],
      [{ ...offer, discountValue: 15 }, other],
      [{ ...offer, expiresAt: null }, other],
      [offer, other, { ...offer, id: "c3" }],
    ];
    const versions = variants.map(offersVersion);
    for (const version of versions) expect(version).not.toBe(base);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("is a short token safe in a server-sent event's data line", () => {
    expect(offersVersion([offer])).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
