import { describe, expect, it } from "vitest";
import { channelStateLabel, recallToast } from "./recall-summary";

describe("the recall's words", () => {
  it("counts only customers a channel reached, and names those none could", () => {
    const toast = recallToast({
      batch: "SA-1",
      newlyHeld: 1,
      reallocated: ["SA-0003"],
      needsAttention: [],
      notices: [
        {
          customerName: "Asha Patil",
          channels: [
            { channel: "email", outcome: "queued" },
            { channel: "sms", outcome: "skipped", reason: "no mobile number" },
          ],
        },
        {
          customerName: "Ravi Jadhav",
          channels: [
            { channel: "email", outcome: "skipped", reason: "no e-mail address" },
            { channel: "sms", outcome: "skipped", reason: "SMS is switched off" },
          ],
        },
      ],
    });
    expect(toast).toEqual({
      title: "Recall notice sent to 1 customer; 1 could not be reached: no e-mail, SMS or WhatsApp",
      description:
        "The batch is on hold. Re-allocated from other stock: SA-0003. Not reached: Ravi Jadhav.",
    });
  });

  it("says nothing new when nothing changed, and a hold without customers", () => {
    const told = {
      customerName: "Asha",
      channels: [{ channel: "email", outcome: "told-before" as const }],
    };
    expect(
      recallToast({
        batch: "B",
        newlyHeld: 0,
        reallocated: [],
        needsAttention: [],
        notices: [told],
      }),
    ).toBeNull();
    expect(
      recallToast({
        batch: "B",
        newlyHeld: 2,
        reallocated: [],
        needsAttention: ["SA-9"],
        notices: [],
      }),
    ).toEqual({
      title: "Batch B put on hold",
      description: "Needs attention, no other stock: SA-9.",
    });
  });

  it("labels every state, one it does not know yet too", () => {
    expect(channelStateLabel("delivered")).toBe("Delivered");
    expect(channelStateLabel("read_by_customer")).toBe("Read by customer");
  });
});
