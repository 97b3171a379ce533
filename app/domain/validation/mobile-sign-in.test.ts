import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { confirmAddedEmailSchema, mobileNameSchema } from "./mobile-sign-in";

const token = randomBytes(32).toString("base64url");

describe("the one-time tokens of mobile sign-in", () => {
  it("takes 32 random bytes in base64url, as the shop makes them", () => {
    expect(token).toHaveLength(43);
    expect(confirmAddedEmailSchema.safeParse({ token }).data).toEqual({ token });
    expect(
      mobileNameSchema.safeParse({ phoneNumber: "9876543210", ticket: token, fullName: "Asha" })
        .success,
    ).toBe(true);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["one short", token.slice(1)],
    ["one long", `${token}A`],
    ["with standard base64's +", `${token.slice(1)}+`],
    ["with padding", `${token.slice(1)}=`],
    ["with a NUL", `${token.slice(1)}\u0000`],
    ["not text", 42],
  ])("refuses a token %s", (_, value) => {
    expect(confirmAddedEmailSchema.safeParse({ token: value }).success).toBe(false);
    expect(
      mobileNameSchema.safeParse({ phoneNumber: "9876543210", ticket: value, fullName: "Asha" })
        .success,
    ).toBe(false);
  });
});
