import { describe, expect, it } from "vitest";
import {
  dltTemplateText,
  fillSmsTemplate,
  formatSmsRupees,
  gsm7Septets,
  isGsm7,
  nonGsm7Characters,
  SMS_SEGMENT_SEPTETS,
  smsTextProblems,
  toGsm7,
} from "./sms-text";

describe("GSM-7", () => {
  it("counts the basic set as one septet and the extension table as two", () => {
    expect(gsm7Septets("Namaste! Order ORD-1 @ Rs.300.00")).toBe(32);
    expect(gsm7Septets("é à ñ Ä ¿ £ ¥ §")).toBe(15);
    expect(gsm7Septets("€")).toBe(2);
    expect(gsm7Septets("{x}[y]~|^\\")).toBe(18);
    expect(gsm7Septets("")).toBe(0);
  });

  it("has no room for the rupee sign, curly quotes, dashes, Devanagari or emoji", () => {
    for (const text of ["₹300", "it’s", "“yes”", "2–3 days", "—", "कविता", "🙏", "ç", "`"]) {
      expect(gsm7Septets(text), text).toBeNull();
      expect(isGsm7(text), text).toBe(false);
    }
    expect(nonGsm7Characters("₹300 – ₹400")).toEqual(["₹", "–"]);
  });

  it("writes a variable as GSM-7 can carry it, cut at a word within its limit", () => {
    expect(toGsm7("Pārvatī Deshpāṇḍe")).toBe("Parvati Deshpande");
    expect(toGsm7("José’s “Shop” – Pune")).toBe('José\'s "Shop" - Pune');
    expect(toGsm7("कविता शिंदे")).toBe("");
    expect(toGsm7("Kavita कविता  Shinde")).toBe("Kavita Shinde");
    expect(toGsm7("Satara Ayurveda Pharmaceuticals Private Limited", 20)).toBe("Satara Ayurveda");
    expect(toGsm7("Venkatanarasimharajuvaripeta", 20)).toBe("Venkatanarasimharaju");
    expect(toGsm7("€€€€€€", 5)).toBe("€€");
    expect(toGsm7("₹300")).toBe("Rs.300");
  });

  it("writes amounts as Rs. in Indian grouping", () => {
    expect(formatSmsRupees(123_450)).toBe("Rs.1,234.50");
    expect(formatSmsRupees(999_999_999)).toBe("Rs.99,99,999.99");
    expect(formatSmsRupees(30_000)).toBe("Rs.300.00");
  });

  it("names what keeps a text from one segment matching its template", () => {
    expect(smsTextProblems("Your order is confirmed", { order: "ORD-1" })).toEqual([]);
    expect(smsTextProblems("₹300")).toEqual([{ kind: "not-gsm7", characters: ["₹"] }]);
    expect(smsTextProblems("x".repeat(SMS_SEGMENT_SEPTETS))).toEqual([]);
    expect(smsTextProblems(`${"x".repeat(SMS_SEGMENT_SEPTETS - 1)}€`)).toEqual([
      { kind: "too-long", septets: 161 },
    ]);
    expect(smsTextProblems("ok", { link: "x".repeat(31) })).toEqual([
      { kind: "variable-too-long", name: "link", length: 31 },
    ]);
  });

  it("turns named variables into DLT's {#var#} and fills them in", () => {
    const template = "Shop: Your order {order} of {detail} is confirmed. https://shop.in/o/{code}";
    expect(dltTemplateText(template)).toBe(
      "Shop: Your order {#var#} of {#var#} is confirmed. https://shop.in/o/{#var#}",
    );
    expect(fillSmsTemplate(template, { order: "ORD-1", detail: "Rs.3.00", code: "Ab3dE9xZ" })).toBe(
      "Shop: Your order ORD-1 of Rs.3.00 is confirmed. https://shop.in/o/Ab3dE9xZ",
    );
    expect(() => fillSmsTemplate(template, { order: "ORD-1" })).toThrow(/detail/);
  });
});
