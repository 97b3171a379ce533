import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  confirmAddedEmailSchema,
  MOBILE_MESSAGES,
  mobileNameSchema,
  sendCodeSchema,
} from "./mobile-sign-in";

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

describe("the number a code goes to (decision 066)", () => {
  it.each([
    "+91 98500 11223",
    "+91-98500-11223",
    "098500 11223",
    "9850011223",
    "+919850011223",
    "09850011223",
    "919850011223",
    "0091 98500 11223",
  ])("reads %j as +919850011223", (phoneNumber) => {
    expect(sendCodeSchema.safeParse({ phoneNumber }).data?.phoneNumber).toBe("+919850011223");
  });

  it.each([
    ["", MOBILE_MESSAGES.numberRequired],
    ["   ", MOBILE_MESSAGES.numberRequired],
    ["+1 415 555 0100", MOBILE_MESSAGES.numberInvalid],
    ["98500112234", MOBILE_MESSAGES.numberInvalid],
    ["9198500112 3", MOBILE_MESSAGES.numberInvalid],
    ["९८५००११२२३", MOBILE_MESSAGES.numberInvalid],
    ["９８５００１１２２３", MOBILE_MESSAGES.numberInvalid],
    ["5850011223", MOBILE_MESSAGES.numberInvalid],
  ])("refuses %j with %j", (phoneNumber, message) => {
    const result = sendCodeSchema.safeParse({ phoneNumber });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
