import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { readPinCode } from "../delivery-promise";
import {
  ADDRESS_MESSAGES,
  addressActionSchema,
  addressSchema,
  EMPTY_ADDRESS,
  profileSchema,
  savedAddressSchema,
} from "./address";
import { AUTH_MESSAGES } from "./auth";

const valid = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: "Near the bus stand",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

type Result = {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
};

function messagesFor(result: Result, field: string) {
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join(".") === field)
    .map((issue) => issue.message);
}

const ADDRESS_ID = "5b0d3c8e-7f0e-4a4c-9a51-1f8d3c2b9e10";

describe("address schema (docs/SPEC.md §5)", () => {
  it("accepts a valid address, trims it, and stores an empty line 2 as null", () => {
    const result = addressSchema.safeParse({
      ...valid,
      fullName: "  Asha Patil ",
      city: " Satara ",
      addressLine2: "   ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ fullName: "Asha Patil", city: "Satara" });
    expect(result.data?.addressLine2).toBeNull();
  });

  it("needs nothing but the six required fields (line 2 is optional)", () => {
    const { addressLine2: _, ...required } = valid;
    const result = addressSchema.safeParse(required);
    expect(result.success).toBe(true);
    expect(result.data?.addressLine2).toBeNull();
  });

  it.each([
    ["fullName", AUTH_MESSAGES.fullNameRequired],
    ["phone", ADDRESS_MESSAGES.phone],
    ["addressLine1", ADDRESS_MESSAGES.line1Short],
    ["city", ADDRESS_MESSAGES.cityShort],
    ["state", ADDRESS_MESSAGES.stateShort],
    ["postalCode", ADDRESS_MESSAGES.postalCode],
  ])("requires %s", (field, message) => {
    const missing = addressSchema.safeParse({ ...valid, [field]: undefined });
    expect(messagesFor(missing, field)).toEqual([message]);
    const empty = addressSchema.safeParse({ ...valid, [field]: "" });
    expect(messagesFor(empty, field)).toEqual([message]);
  });

  it("reports every problem at once, one message per field", () => {
    const result = addressSchema.safeParse({
      fullName: "A",
      phone: "123",
      addressLine1: "x",
      addressLine2: "y".repeat(201),
      city: "1",
      state: "M",
      postalCode: "41",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["fullName", AUTH_MESSAGES.fullNameTooShort],
      ["phone", ADDRESS_MESSAGES.phone],
      ["addressLine1", ADDRESS_MESSAGES.line1Short],
      ["addressLine2", ADDRESS_MESSAGES.line2Long],
      ["city", ADDRESS_MESSAGES.cityShort],
      ["state", ADDRESS_MESSAGES.stateShort],
      ["postalCode", ADDRESS_MESSAGES.postalCode],
    ]);
  });

  describe("full name: 2 to 100 letters and spaces", () => {
    it.each([
      ["blank", "   ", AUTH_MESSAGES.fullNameRequired],
      ["one letter", "A", AUTH_MESSAGES.fullNameTooShort],
      ["101 letters", "a".repeat(101), AUTH_MESSAGES.fullNameTooLong],
      ["digits", "Asha 2", AUTH_MESSAGES.fullNameCharacters],
      ["punctuation", "Asha-Patil", AUTH_MESSAGES.fullNameCharacters],
    ])("refuses a name that is %s", (_, fullName, message) => {
      expect(messagesFor(addressSchema.safeParse({ ...valid, fullName }), "fullName")).toEqual([
        message,
      ]);
    });

    it.each(["Om", "a".repeat(100), "आशा पाटील"])("accepts %j", (fullName) => {
      expect(addressSchema.safeParse({ ...valid, fullName }).success).toBe(true);
    });
  });

  describe("phone: exactly 10 digits", () => {
    it.each([
      "987654321",
      "98765432101",
      "9876543210123",
      "+1 415 555 0100",
      "+92 98765 43210",
      "98765abcde",
      "९८७६५४३२१०",
      "   ",
    ])("refuses %j", (phone) => {
      expect(messagesFor(addressSchema.safeParse({ ...valid, phone }), "phone")).toEqual([
        "Phone must be exactly 10 digits",
      ]);
    });

    it("accepts 10 digits, with surrounding spaces trimmed", () => {
      const result = addressSchema.safeParse({ ...valid, phone: " 0123456789 " });
      expect(result.data?.phone).toBe("0123456789");
    });

    it.each([
      "+91 98500 11223",
      "+91-98500-11223",
      "098500 11223",
      "+919850011223",
      "09850011223",
      "919850011223",
      "98500 11223",
    ])("reads %j as the ten digits, as the field does with JavaScript", (phone) => {
      expect(addressSchema.safeParse({ ...valid, phone }).data?.phone).toBe("9850011223");
    });
  });

  describe("address line 1: 5 to 200 characters", () => {
    it.each([
      ["4 characters", "12 A", ADDRESS_MESSAGES.line1Short],
      ["only spaces", "       ", ADDRESS_MESSAGES.line1Short],
      ["201 characters", "x".repeat(201), ADDRESS_MESSAGES.line1Long],
    ])("refuses %s", (_, addressLine1, message) => {
      expect(
        messagesFor(addressSchema.safeParse({ ...valid, addressLine1 }), "addressLine1"),
      ).toEqual([message]);
    });

    it("uses the SPEC's wording", () => {
      expect(ADDRESS_MESSAGES.line1Short).toBe("Address must be at least 5 characters");
      expect(ADDRESS_MESSAGES.line1Long).toBe("Address must be less than 200 characters");
    });

    it.each(["12 MG", "x".repeat(200), "Flat 4/B, 2nd Floor, #12"])("accepts %j", (line) => {
      expect(addressSchema.safeParse({ ...valid, addressLine1: line }).success).toBe(true);
    });
  });

  describe("address line 2: optional, at most 200 characters", () => {
    it("accepts 200 characters and refuses 201", () => {
      expect(addressSchema.safeParse({ ...valid, addressLine2: "y".repeat(200) }).success).toBe(
        true,
      );
      expect(
        messagesFor(
          addressSchema.safeParse({ ...valid, addressLine2: "y".repeat(201) }),
          "addressLine2",
        ),
      ).toEqual([ADDRESS_MESSAGES.line2Long]);
    });
  });

  describe.each([
    [
      "city",
      {
        short: "City must be at least 2 characters",
        long: "City must be less than 50 characters",
        chars: "City can only contain letters and spaces",
      },
    ],
    [
      "state",
      {
        short: "State must be at least 2 characters",
        long: "State must be less than 50 characters",
        chars: "State can only contain letters and spaces",
      },
    ],
  ])("%s: 2 to 50 letters and spaces", (field, messages) => {
    it.each([
      ["empty", "", messages.short],
      ["one letter", "P", messages.short],
      ["51 letters", "p".repeat(51), messages.long],
      ["digits", "Pune 2", messages.chars],
      ["punctuation", "Navi-Mumbai", messages.chars],
    ])("refuses a value that is %s with exactly one message", (_, value, message) => {
      expect(messagesFor(addressSchema.safeParse({ ...valid, [field]: value }), field)).toEqual([
        message,
      ]);
    });

    it.each(["Go", "p".repeat(50), "Navi Mumbai", "सातारा"])("accepts %j", (value) => {
      expect(addressSchema.safeParse({ ...valid, [field]: value }).success).toBe(true);
    });
  });

  describe("postal code: an Indian PIN code, 6 digits not starting with 0", () => {
    it.each(["41500", "4150031", "41500a", "415 003", "PIN415", "012345", "000000"])(
      "refuses %j",
      (postalCode) => {
        expect(
          messagesFor(addressSchema.safeParse({ ...valid, postalCode }), "postalCode"),
        ).toEqual(["Postal code must be exactly 6 digits"]);
      },
    );

    it.each(["110001", "415003", "999999"])("accepts %j", (postalCode) => {
      expect(addressSchema.safeParse({ ...valid, postalCode }).success).toBe(true);
    });

    it("is the rule the delivery promise checks a PIN code by", () => {
      for (const postalCode of ["012345", "415003", "41500"]) {
        expect(addressSchema.safeParse({ ...valid, postalCode }).success).toBe(
          readPinCode(postalCode).ok,
        );
      }
    });
  });
});

describe("saved address form", () => {
  it("adds without an id, and is not the default unless asked", () => {
    const result = savedAddressSchema.safeParse(valid);
    expect(result.data).toMatchObject({ isDefault: false });
    expect(result.data?.addressId).toBeUndefined();
  });

  it("reads the default checkbox as a browser sends it", () => {
    expect(savedAddressSchema.safeParse({ ...valid, isDefault: "on" }).data?.isDefault).toBe(true);
    expect(savedAddressSchema.safeParse({ ...valid, isDefault: "off" }).data?.isDefault).toBe(
      false,
    );
  });

  it("edits by id and refuses an id that is not one", () => {
    expect(savedAddressSchema.safeParse({ ...valid, addressId: ADDRESS_ID }).success).toBe(true);
    expect(
      messagesFor(savedAddressSchema.safeParse({ ...valid, addressId: "12" }), "addressId"),
    ).toEqual(["Unknown address"]);
  });
});

describe("address actions", () => {
  it("tells the three intents apart", () => {
    expect(addressActionSchema.safeParse({ ...valid, intent: "save-address" }).data).toMatchObject({
      intent: "save-address",
      city: "Satara",
    });
    expect(
      addressActionSchema.safeParse({ intent: "delete-address", addressId: ADDRESS_ID }).data,
    ).toEqual({ intent: "delete-address", addressId: ADDRESS_ID });
    expect(
      addressActionSchema.safeParse({ intent: "default-address", addressId: ADDRESS_ID }).data,
    ).toEqual({ intent: "default-address", addressId: ADDRESS_ID });
  });

  it.each(["delete-address", "default-address"])("%s needs a real address id", (intent) => {
    for (const addressId of [undefined, "", "not-an-id", "1; drop table addresses"]) {
      expect(addressActionSchema.safeParse({ intent, addressId }).success).toBe(false);
    }
  });

  it("refuses an unknown intent", () => {
    expect(
      addressActionSchema.safeParse({ intent: "drop-address", addressId: ADDRESS_ID }).success,
    ).toBe(false);
  });

  it("checks a saved address with the address rules", () => {
    const result = addressActionSchema.safeParse({
      ...valid,
      postalCode: "1",
      intent: "save-address",
    });
    expect(messagesFor(result, "postalCode")).toEqual([ADDRESS_MESSAGES.postalCode]);
  });
});

describe("profile form (docs/SPEC.md §5: full name, phone digits only)", () => {
  it("accepts a name and a 10-digit phone, trimmed", () => {
    expect(
      profileSchema.safeParse({ fullName: " Asha Patil ", phone: " 9876543210 " }).data,
    ).toEqual({ fullName: "Asha Patil", phone: "9876543210" });
  });

  it("clears the phone when it is left empty", () => {
    expect(profileSchema.safeParse({ fullName: "Asha Patil" }).data).toEqual({
      fullName: "Asha Patil",
      phone: null,
    });
    expect(profileSchema.safeParse({ fullName: "Asha Patil", phone: "  " }).data?.phone).toBeNull();
  });

  it("reads the phone however it is written", () => {
    expect(
      profileSchema.safeParse({ fullName: "Asha Patil", phone: "+91 98765 43210" }).data?.phone,
    ).toBe("9876543210");
    expect(
      profileSchema.safeParse({ fullName: "Asha Patil", phone: "098765-43210" }).data?.phone,
    ).toBe("9876543210");
  });

  it.each(["12345", "98765432101", "+1 415 555 0100", "phone12345"])(
    "refuses the phone %j",
    (phone) => {
      expect(
        messagesFor(profileSchema.safeParse({ fullName: "Asha Patil", phone }), "phone"),
      ).toEqual([ADDRESS_MESSAGES.phone]);
    },
  );

  it.each([
    [undefined, AUTH_MESSAGES.fullNameRequired],
    ["", AUTH_MESSAGES.fullNameRequired],
    ["A", AUTH_MESSAGES.fullNameTooShort],
    ["a".repeat(101), AUTH_MESSAGES.fullNameTooLong],
    ["Asha P.", AUTH_MESSAGES.fullNameCharacters],
  ])("refuses the full name %j", (fullName, message) => {
    expect(messagesFor(profileSchema.safeParse({ fullName, phone: "" }), "fullName")).toEqual([
      message,
    ]);
  });

  it("ignores an e-mail sent along (the e-mail is read-only)", () => {
    const result = profileSchema.safeParse({
      fullName: "Asha Patil",
      phone: "",
      email: "someone.else@gmail.com",
    });
    expect(result.data).toEqual({ fullName: "Asha Patil", phone: null });
  });
});

describe("as the server reads a posted form (Conform)", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  it("reads an empty form field as missing and names each required field", () => {
    const submission = parseWithZod(form({ intent: "save-address", ...EMPTY_ADDRESS }), {
      schema: addressActionSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      fullName: [AUTH_MESSAGES.fullNameRequired],
      phone: [ADDRESS_MESSAGES.phone],
      addressLine1: [ADDRESS_MESSAGES.line1Short],
      city: [ADDRESS_MESSAGES.cityShort],
      state: [ADDRESS_MESSAGES.stateShort],
      postalCode: [ADDRESS_MESSAGES.postalCode],
    });
  });

  it("parses a saved address with its checkbox", () => {
    const submission = parseWithZod(
      form({ intent: "save-address", ...valid, addressLine2: "", isDefault: "on" }),
      { schema: addressActionSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      intent: "save-address",
      addressLine2: null,
      isDefault: true,
    });
  });

  it("reads an empty profile phone as no phone", () => {
    const submission = parseWithZod(form({ fullName: "Asha Patil", phone: "" }), {
      schema: profileSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      fullName: "Asha Patil",
      phone: null,
    });
  });
});
