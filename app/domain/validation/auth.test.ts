import { describe, expect, it } from "vitest";
import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from "../email-providers";
import {
  AUTH_MESSAGES,
  adminLoginSchema,
  newPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "./auth";

const signUp = signUpSchema(DEFAULT_ALLOWED_EMAIL_DOMAINS);
const valid = { fullName: "Priya Deshmukh", email: "priya@gmail.com", password: "secret1" };

function messagesFor(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return (result.error?.issues ?? [])
    .filter((i) => i.path.join(".") === field)
    .map((i) => i.message);
}

describe("sign-up schema (docs/SPEC.md §5)", () => {
  it("accepts a valid sign-up and normalises the e-mail", () => {
    const result = signUp.safeParse({ ...valid, email: "  Priya.D@GMAIL.com " });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("priya.d@gmail.com");
  });

  it.each([
    ["missing", undefined, AUTH_MESSAGES.fullNameRequired],
    ["blank", "   ", AUTH_MESSAGES.fullNameRequired],
    ["one letter", "A", AUTH_MESSAGES.fullNameTooShort],
    ["101 letters", "a".repeat(101), AUTH_MESSAGES.fullNameTooLong],
    ["digits", "Ravi 2", AUTH_MESSAGES.fullNameCharacters],
    ["punctuation", "Ravi-Kumar", AUTH_MESSAGES.fullNameCharacters],
  ])("refuses a full name that is %s with exactly one message", (_, fullName, message) => {
    const result = signUp.safeParse({ ...valid, fullName });
    expect(messagesFor(result, "fullName")).toEqual([message]);
  });

  it("keeps one space between the words of a full name", () => {
    expect(signUp.parse({ ...valid, fullName: "  Priya   Deshmukh " }).fullName).toBe(
      "Priya Deshmukh",
    );
  });

  it("accepts names of 2 and 100 letters and names in Devanagari", () => {
    for (const fullName of ["Om", "a".repeat(100), "रवि कुमार"]) {
      expect(signUp.safeParse({ ...valid, fullName }).success).toBe(true);
    }
  });

  it.each([
    ["missing", undefined, AUTH_MESSAGES.emailRequired],
    ["empty", "", AUTH_MESSAGES.emailRequired],
    ["not an address", "priya", AUTH_MESSAGES.emailInvalid],
    ["missing the domain", "priya@", AUTH_MESSAGES.emailInvalid],
    ["from an unknown provider", "priya@example.com", AUTH_MESSAGES.emailProvider],
    ["from a look-alike provider", "priya@gmail.co", AUTH_MESSAGES.emailProvider],
  ])("refuses an e-mail that is %s with exactly one message", (_, email, message) => {
    expect(messagesFor(signUp.safeParse({ ...valid, email }), "email")).toEqual([message]);
  });

  it("accepts each of the 17 providers", () => {
    expect(DEFAULT_ALLOWED_EMAIL_DOMAINS).toHaveLength(17);
    for (const domain of DEFAULT_ALLOWED_EMAIL_DOMAINS) {
      expect(signUp.safeParse({ ...valid, email: `someone@${domain}` }).success).toBe(true);
    }
  });

  it("follows an edited provider list", () => {
    const custom = signUpSchema(["example.in"]);
    expect(custom.safeParse({ ...valid, email: "a@example.in" }).success).toBe(true);
    expect(messagesFor(custom.safeParse(valid), "email")).toEqual([AUTH_MESSAGES.emailProvider]);
  });

  it.each([
    ["missing", undefined, AUTH_MESSAGES.passwordRequired],
    ["empty", "", AUTH_MESSAGES.passwordRequired],
    ["5 characters", "12345", AUTH_MESSAGES.passwordTooShort],
    ["129 characters", "x".repeat(129), AUTH_MESSAGES.passwordTooLong],
  ])("refuses a password that is %s", (_, password, message) => {
    expect(messagesFor(signUp.safeParse({ ...valid, password }), "password")).toEqual([message]);
  });

  it("accepts a password of exactly 6 characters", () => {
    expect(signUp.safeParse({ ...valid, password: "123456" }).success).toBe(true);
  });
});

describe("sign-in schema", () => {
  it("does not restrict the provider, so administrators on the shop's domain can sign in", () => {
    const result = signInSchema.safeParse({ email: "Owner@Shop.Example", password: "x" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: "owner@shop.example", asAdmin: false });
  });

  it("reads the admin checkbox", () => {
    expect(signInSchema.parse({ email: "a@gmail.com", password: "x", asAdmin: "on" }).asAdmin).toBe(
      true,
    );
  });

  it("requires both fields", () => {
    const result = signInSchema.safeParse({});
    expect(messagesFor(result, "email")).toEqual([AUTH_MESSAGES.emailRequired]);
    expect(messagesFor(result, "password")).toEqual([AUTH_MESSAGES.passwordRequired]);
  });
});

describe("reset and admin schemas", () => {
  it("asks for the e-mail address of a reset", () => {
    expect(messagesFor(resetRequestSchema.safeParse({ email: " " }), "email")).toEqual([
      AUTH_MESSAGES.resetEmailRequired,
    ]);
  });

  it("applies the password rules to a new password", () => {
    expect(
      messagesFor(newPasswordSchema.safeParse({ token: "t", password: "123" }), "password"),
    ).toEqual([AUTH_MESSAGES.passwordTooShort]);
  });

  it("requires e-mail and password at the admin login", () => {
    const result = adminLoginSchema.safeParse({ email: "", password: "" });
    expect(messagesFor(result, "email")).toEqual([AUTH_MESSAGES.emailRequired]);
    expect(messagesFor(result, "password")).toEqual([AUTH_MESSAGES.passwordRequired]);
  });
});
