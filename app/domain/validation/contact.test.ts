import { describe, expect, it } from "vitest";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactFormValues,
  contactSchema,
  validateContact,
} from "./contact";

const valid = {
  name: "Asha Patil",
  email: "asha.patil@gmail.com",
  subject: "Order question",
  message: "When will my order ship?",
};

describe("contact schema (docs/SPEC.md §5)", () => {
  it("accepts a complete form and trims every field", () => {
    const result = contactSchema.safeParse({
      name: "  Asha Patil ",
      email: " asha.patil@gmail.com ",
      subject: " Order question ",
      message: "\nWhen will my order ship?  ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it("accepts any valid e-mail address, not only the sign-up providers", () => {
    expect(
      contactSchema.safeParse({ ...valid, email: "owner@ayurveda-clinic.co.in" }).success,
    ).toBe(true);
  });

  it.each([
    ["name", CONTACT_MESSAGES.nameRequired],
    ["email", CONTACT_MESSAGES.emailRequired],
    ["subject", CONTACT_MESSAGES.subjectRequired],
    ["message", CONTACT_MESSAGES.messageRequired],
  ] as const)("refuses an empty, blank or missing %s with one message", (field, message) => {
    for (const value of ["", "   \n ", undefined]) {
      const result = contactSchema.safeParse({ ...valid, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        [field, message],
      ]);
    }
  });

  it.each(["asha", "asha@", "@gmail.com", "asha patil@gmail.com", "asha@gmail"])(
    "refuses the address %j with 'Please enter a valid email address'",
    (email) => {
      const result = contactSchema.safeParse({ ...valid, email });
      expect(result.error?.issues.map((i) => i.message)).toEqual([CONTACT_MESSAGES.emailInvalid]);
    },
  );

  it("limits the lengths so the mailto: link stays usable", () => {
    const at = (field: "name" | "subject" | "message", length: number) =>
      contactSchema.safeParse({ ...valid, [field]: "a".repeat(length) }).success;
    for (const field of ["name", "subject", "message"] as const) {
      expect(at(field, CONTACT_LIMITS[field])).toBe(true);
      expect(at(field, CONTACT_LIMITS[field] + 1)).toBe(false);
    }
  });
});

describe("validateContact (the toast of docs/SPEC.md §8)", () => {
  it("returns the trimmed values when valid", () => {
    expect(validateContact({ ...valid, name: " Asha Patil " })).toEqual({
      success: true,
      data: valid,
    });
  });

  it("says 'Missing Information' / 'Please fill in all fields' when everything is empty", () => {
    const result = validateContact({ name: "", email: "", subject: "", message: "" });
    expect(result).toEqual({
      success: false,
      problem: {
        title: "Missing Information",
        description: "Please fill in all fields",
        fieldErrors: {
          name: [CONTACT_MESSAGES.nameRequired],
          email: [CONTACT_MESSAGES.emailRequired],
          subject: [CONTACT_MESSAGES.subjectRequired],
          message: [CONTACT_MESSAGES.messageRequired],
        },
      },
    });
  });

  it("prefers 'Missing Information' even when the e-mail is also invalid", () => {
    const result = validateContact({ ...valid, email: "asha", message: " " });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.problem.title).toBe("Missing Information");
    expect(result.problem.description).toBe("Please fill in all fields");
    expect(result.problem.fieldErrors).toEqual({
      email: [CONTACT_MESSAGES.emailInvalid],
      message: [CONTACT_MESSAGES.messageRequired],
    });
  });

  it("says 'Please enter a valid email address' for an invalid address", () => {
    const result = validateContact({ ...valid, email: "asha@" });
    expect(result).toEqual({
      success: false,
      problem: {
        title: CONTACT_MESSAGES.invalidEmailTitle,
        description: "Please enter a valid email address",
        fieldErrors: { email: ["Please enter a valid email address"] },
      },
    });
  });

  it("reports a too-long field with its own message", () => {
    const result = validateContact({ ...valid, message: "a".repeat(CONTACT_LIMITS.message + 1) });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.problem.description).toBe(CONTACT_MESSAGES.messageTooLong);
  });

  it("treats a missing or non-object input as empty", () => {
    for (const input of [undefined, null, "text", {}]) {
      const result = validateContact(input);
      expect(result.success).toBe(false);
    }
    const empty = validateContact({});
    expect(!empty.success && empty.problem.title).toBe("Missing Information");
  });
});

describe("contactFormValues", () => {
  it("reads the four text fields and ignores files and unknown fields", () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("email", "asha@gmail.com");
    form.set("subject", new Blob(["x"]));
    form.set("other", "ignored");
    expect(contactFormValues(form)).toEqual({
      name: "Asha",
      email: "asha@gmail.com",
      subject: undefined,
      message: undefined,
    });
  });
});
