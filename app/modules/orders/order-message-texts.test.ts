import { describe, expect, it } from "vitest";
import { ORDER_MESSAGE_EVENTS, type OrderMessageEvent } from "~/domain/order-messages";
import {
  dltTemplateText,
  gsm7Septets,
  SMS_SEGMENT_SEPTETS,
  SMS_VARIABLE_MAX,
  smsTextProblems,
} from "~/domain/sms-text";
import type { OrderForMail } from "./order-mail.server";
import {
  orderMessageContent,
  SMS_SHOP_NAME_MAX,
  smsTemplate,
  smsTemplatesForRegistration,
  TRACKING_ID_ON_THE_PAGE,
} from "./order-message-texts.server";

/**
 * Every order SMS at its longest (docs/decisions/070): one GSM-7 segment that matches the DLT
 * template the owner registered, each variable within DLT's 30 characters.
 */

/** The longest address the shop's links are promised to fit with (31 characters). */
const LONG_URL = "https://www.sataraayurveda.shop";
const CODE = "zZ9aB8cY";

/** Each step's order in the state it is told in, with the longest values an order can have. */
function longestOrder(event: OrderMessageEvent, overrides: Partial<OrderForMail> = {}) {
  const status = {
    "order-placed": "pending",
    "order-shipped": "shipped",
    "out-for-delivery": "shipped",
    "delivery-failed": "shipped",
    "order-delivered": "delivered",
    "order-cancelled": "cancelled",
    "refund-processed": "cancelled",
  }[event];
  return {
    id: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
    // A clash's suffix on a 13-digit millisecond stamp.
    orderNumber: "ORD-9999999999999-19",
    status,
    total: 999_999_999,
    paymentMethod: "cod",
    paymentStatus: "pending",
    // A courier's AWB at DLT's limit.
    trackingId: "SHIPROCKET-DELHIVERY-123456789",
    fullName: "Venkatanarasimharajuvaripeta Subrahmanya Lakshmi",
    address: { fullName: "Venkatanarasimharajuvaripeta Subrahmanya Lakshmi" },
    ...overrides,
  } as unknown as OrderForMail;
}

const REFUND = { amount: 999_999_999, status: "processed" };

/** The text as DLT's scrubbing reads it: the template's fixed text, each {#var#} any 1-30 characters. */
function dltPattern(template: string) {
  const escaped = dltTemplateText(template)
    .split("{#var#}")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(`.{1,${SMS_VARIABLE_MAX}}`)}$`, "s");
}

function sms(event: OrderMessageEvent, shopName: string, order = longestOrder(event)) {
  const content = orderMessageContent(event, order, REFUND, "sms", {
    shopName,
    code: CODE,
    publicUrl: LONG_URL,
  });
  if (!content) throw new Error(`no ${event} SMS`);
  return content;
}

const SHOP_NAMES = [
  "Satara Ayurveda",
  // The settings allow 100 characters.
  `Shri Satara Ayurvedic Pharmaceuticals and Research ${"Private Limited ".repeat(3)}`.trim(),
  "Sātārā Āyurveda",
  "सातारा आयुर्वेद",
  "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
];

describe("order SMS at their longest", () => {
  for (const event of ORDER_MESSAGE_EVENTS) {
    for (const shopName of SHOP_NAMES) {
      it(`${event} with the shop "${shopName.slice(0, 24)}": one GSM-7 segment, its template, variables within 30`, () => {
        const { text, variables } = sms(event, shopName);
        expect(smsTextProblems(text, variables)).toEqual([]);
        expect(gsm7Septets(text)).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
        expect(text).not.toContain("₹");
        expect(text).toMatch(dltPattern(smsTemplate(event, shopName, LONG_URL)));
        expect(Object.keys(variables).sort()).toEqual(["code", "detail", "order"]);
        for (const value of Object.values(variables)) {
          expect(value.length).toBeGreaterThan(0);
          expect(value.length).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
        }
        expect(text).toContain(`${LONG_URL}/o/${CODE}`);
        expect(text).toContain("ORD-9999999999999-19");
        // No customer's name: GSM-7 cannot carry a Devanagari one, and a long one would not fit.
        expect(text).not.toContain("Venkata");
      });
    }
  }

  it("amounts are written Rs. with Indian grouping, and cash to pay is named", () => {
    expect(sms("order-placed", "Satara Ayurveda").variables.detail).toBe("Rs.99,99,999.99");
    expect(sms("out-for-delivery", "Satara Ayurveda").variables.detail).toBe(
      "Rs.99,99,999.99 in cash",
    );
    expect(
      sms(
        "out-for-delivery",
        "Satara Ayurveda",
        longestOrder("out-for-delivery", { paymentStatus: "paid" } as Partial<OrderForMail>),
      ).variables.detail,
    ).toBe("nothing, it is paid");
  });

  it("a tracking ID an SMS cannot carry points to the order page instead", () => {
    for (const trackingId of ["X".repeat(31), "DTDC–7788", "AWB 12345 ₹"]) {
      const { text, variables } = sms(
        "order-shipped",
        "Satara Ayurveda",
        longestOrder("order-shipped", { trackingId }),
      );
      expect(variables.detail).toBe(TRACKING_ID_ON_THE_PAGE);
      expect(smsTextProblems(text, variables)).toEqual([]);
    }
  });

  it("the shop's name is cut to 20 GSM-7 characters at a word, or is its address when it has no GSM-7 letters", () => {
    expect(sms("order-placed", SHOP_NAMES[1]!).text).toMatch(/^Shri Satara: Your order/);
    expect(sms("order-placed", "Sātārā Āyurveda").text).toMatch(/^Satara Ayurveda: /);
    expect(sms("order-placed", "सातारा आयुर्वेद").text).toMatch(/^www.sataraayurveda.s: /);
    for (const shopName of SHOP_NAMES) {
      const [prefix] = sms("order-placed", shopName).text.split(": ");
      expect(prefix!.length).toBeGreaterThan(0);
      expect(prefix!.length).toBeLessThanOrEqual(SMS_SHOP_NAME_MAX);
    }
  });

  it("the registration texts the owner copies have {#var#} for each variable and their longest within one SMS", () => {
    const templates = smsTemplatesForRegistration("Satara Ayurveda", LONG_URL);
    expect(templates.map((template) => template.event)).toEqual([...ORDER_MESSAGE_EVENTS]);
    for (const template of templates) {
      expect(template.dltText).not.toMatch(/\{[a-z]+\}/);
      expect(template.dltText.split("{#var#}")).toHaveLength(template.variables.length + 1);
      expect(template.dltText).toContain(`${LONG_URL}/o/{#var#}`);
      expect(template.longest).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
    }
    expect(templates[0]).toEqual({
      event: "order-placed",
      dltText: `Satara Ayurveda: Your order {#var#} of {#var#} is confirmed. See it at ${LONG_URL}/o/{#var#}`,
      variables: ["order", "detail", "code"],
      longest: expect.any(Number),
    });
    expect(templates.find((t) => t.event === "refund-processed")!.variables).toEqual([
      "detail",
      "order",
      "code",
    ]);
  });
});

describe("order WhatsApp messages", () => {
  it("keep their four parameters and ₹, with the order's short link as {{4}}", () => {
    for (const event of ORDER_MESSAGE_EVENTS) {
      const content = orderMessageContent(event, longestOrder(event), REFUND, "whatsapp", {
        shopName: "Satara Ayurveda",
        code: CODE,
        publicUrl: LONG_URL,
      })!;
      expect(content.parameters).toHaveLength(4);
      expect(content.parameters[0]).toBe("Venkatanarasimharajuvaripeta Subrahmanya Lakshmi");
      expect(content.parameters[1]).toBe("ORD-9999999999999-19");
      expect(content.parameters[3]).toBe(`${LONG_URL}/o/${CODE}`);
      expect(content.text).toContain(`Namaste ${content.parameters[0]}`);
      expect(content.text).toContain(content.parameters[3]);
      if (event !== "order-shipped") expect(content.parameters[2]).toContain("₹");
    }
  });
});
