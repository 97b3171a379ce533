import { describe, expect, it } from "vitest";
import {
  RECALL_VARIABLE_LIMITS,
  type RecallMessageInput,
  recallMessage,
  recallSmsForRegistration,
  recallSmsTemplate,
} from "./recall-message";
import { fillSmsTemplate, gsm7Septets, SMS_SEGMENT_SEPTETS, smsTextProblems } from "./sms-text";

const LONGEST: RecallMessageInput = {
  item: "Mahanarayan Tailam Extra Strength – 200 ml ₹ 450",
  batch: "SA-2411-0001/B.LONG-NUMBER-OF-FORTY-CHA",
  phone: "+91 20 2345 6789 ext 12",
  shop: "Satara Ayurveda Pharmaceuticals Private Limited",
};

describe("the recall SMS", () => {
  it("is one GSM-7 segment at its longest, every variable within its limit", () => {
    const longest = recallMessage(LONGEST);
    expect(smsTextProblems(longest.text, longest.variables)).toEqual([]);
    expect(gsm7Septets(longest.text)).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
    for (const [name, max] of Object.entries(RECALL_VARIABLE_LIMITS)) {
      const value = longest.variables[name as keyof typeof longest.variables];
      expect(gsm7Septets(value)).toBeLessThanOrEqual(max);
    }
    expect(longest.text).not.toContain("₹");
    expect(longest.parameters).toEqual([
      longest.variables.item,
      longest.variables.batch,
      longest.variables.phone,
      "Satara Ayurveda",
    ]);
  });

  it("is the registered template with its variables filled in, the shop's name its own text", () => {
    const message = recallMessage(LONGEST);
    expect(fillSmsTemplate(recallSmsTemplate(LONGEST.shop), message.variables)).toBe(message.text);
    expect(Object.keys(message.variables)).toEqual(["item", "batch", "phone"]);
    const registration = recallSmsForRegistration(LONGEST.shop);
    expect(registration.dltText).toBe(
      "Recall: stop using {#var#} batch {#var#}. Call {#var#} for refund or replacement. -Satara Ayurveda",
    );
    expect(registration.longest).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
    expect(registration.longest).toBeGreaterThanOrEqual(gsm7Septets(message.text)!);
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

  it("leaves out what GSM-7 lacks in a name", () => {
    const message = recallMessage({ ...LONGEST, item: "Triphala चूर्ण 100 g" });
    expect(message.variables.item).toBe("Triphala 100 g");
  });
});
