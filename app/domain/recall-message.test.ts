import { describe, expect, it } from "vitest";
import {
  gsm7Length,
  RECALL_VARIABLE_LIMITS,
  recallMessage,
  SMS_SEGMENT,
  smsVariable,
} from "./recall-message";

describe("the recall SMS", () => {
  it("is one GSM-7 segment at its longest, every variable within its limit", () => {
    const longest = recallMessage({
      item: "Mahanarayan Tailam Extra Strength – 200 ml ₹ 450",
      batch: "SA-2411-0001/B.LONG-NUMBER-OF-FORTY-CHA",
      phone: "+91 20 2345 6789 ext 12",
      shop: "Satara Ayurveda Pharmaceuticals Private Limited",
    });
    const length = gsm7Length(longest.text);
    expect(length).not.toBeNull();
    expect(length).toBeLessThanOrEqual(SMS_SEGMENT);
    expect(length).toBe(
      longest.text.length, // no character takes two places
    );
    for (const [name, max] of Object.entries(RECALL_VARIABLE_LIMITS)) {
      const value = longest.variables[name as keyof typeof longest.variables];
      expect(value.length).toBeLessThanOrEqual(max);
      expect(value.length).toBeLessThanOrEqual(30);
    }
    expect(longest.text).not.toContain("₹");
    expect(longest.parameters).toEqual([
      longest.variables.item,
      longest.variables.batch,
      longest.variables.phone,
      longest.variables.shop,
    ]);
  });

  it("reads whole for a usual batch", () => {
    const message = recallMessage({
      item: "Dashmool Arishta – 450 ml",
      batch: "SA-2411-001",
      phone: "+91 98220 12345",
      shop: "Satara Ayurveda",
    });
    expect(message.text).toBe(
      "Recall: stop using Dashmool Arishta - 450 ml batch SA-2411-001. Call +91 98220 12345 for refund or replacement. -Satara Ayurveda",
    );
  });

  it("turns rupees into Rs. and leaves out what GSM-7 lacks", () => {
    expect(smsVariable("Price ₹ 250 — ‘best’ चूर्ण {x}", 60)).toBe("Price Rs. 250 - 'best' x");
    expect(gsm7Length("a{b")).toBe(4);
    expect(gsm7Length("चूर्ण")).toBeNull();
  });
});
