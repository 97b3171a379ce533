import { describe, expect, it } from "vitest";
import { ORDER_MAIL_KINDS } from "~/domain/mail-outbox";
import { MESSAGE_CHANNELS, ORDER_MESSAGE_EVENTS } from "~/domain/order-messages";
import { SIGN_IN_CAP_MAIL } from "./modules/accounts/sign-in-code-caps.server";
import { needsConsent } from "./modules/notifications/notice-writers.server";
import { RECALL_EVENT } from "./modules/orders/recall-notices.server";
import { SHOP_NOTICE_WRITERS } from "./notice-list.server";

describe("the static list of what the shop's notices say", () => {
  it("writes every kind of mail the code enqueues, and no other", () => {
    expect(Object.keys(SHOP_NOTICE_WRITERS.mails).sort()).toEqual(
      [...ORDER_MAIL_KINDS, RECALL_EVENT, SIGN_IN_CAP_MAIL].sort(),
    );
  });

  it("writes every SMS and WhatsApp event the code enqueues, and no other", () => {
    expect(Object.keys(SHOP_NOTICE_WRITERS.messages).sort()).toEqual(
      [...ORDER_MESSAGE_EVENTS, RECALL_EVENT].sort(),
    );
  });

  it("sends only the recall SMS without the customer's opt-in", () => {
    for (const event of Object.keys(SHOP_NOTICE_WRITERS.messages)) {
      for (const channel of MESSAGE_CHANNELS) {
        const service = event === RECALL_EVENT && channel === "sms";
        expect(needsConsent(SHOP_NOTICE_WRITERS, event, channel), `${event} ${channel}`).toBe(
          !service,
        );
      }
    }
  });
});
