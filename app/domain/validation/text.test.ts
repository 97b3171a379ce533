import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressSchema } from "./address";
import { contactSchema } from "./contact";
import { reviewSchema } from "./review";
import {
  CONTROL_CHARACTER_MESSAGE,
  multiLineText,
  searchText,
  singleLineName,
  singleLineText,
} from "./text";

describe("shared text rules", () => {
  it("refuse NUL and other control characters with a clear message", () => {
    for (const text of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "del\u007f", "tab\there"]) {
      const result = singleLineText().safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("let multi-line text keep line breaks and tabs, but never NUL", () => {
    expect(multiLineText().parse("one\r\ntwo\tthree")).toBe("one\r\ntwo\tthree");
    expect(multiLineText().safeParse("one\u0000two").success).toBe(false);
  });

  it("make one space of every run of white space inside a name, and trim it", () => {
    expect(singleLineName().parse("  Satara \u00a0 Ayurveda   Aushadhalay ")).toBe(
      "Satara Ayurveda Aushadhalay",
    );
    // Still no control characters: a tab is refused, not collapsed.
    expect(singleLineName().safeParse("Satara\tAyurveda").error?.issues[0]?.message).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
  });

  it("drop control characters from a search and keep the rest", () => {
    expect(searchText(10).parse("  tul\u0000si\u0007  ")).toBe("tulsi");
    expect(searchText(3).parse("ashwagandha")).toBe("ash");
  });

  it("apply in the real forms: an address line, a review comment, a contact message", () => {
    const address = addressSchema.safeParse({
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 MG Road\u0000",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415001",
    });
    expect(address.error?.issues.map((issue) => issue.message)).toEqual([
      CONTROL_CHARACTER_MESSAGE,
    ]);
    const review = reviewSchema.safeParse({ rating: "5", comment: "Good\u0000" });
    expect(review.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    const contact = contactSchema.safeParse({
      name: "Asha",
      email: "asha@gmail.com",
      subject: "Order",
      message: "Line one\nLine two",
    });
    expect(contact.success).toBe(true);
  });

  it("are the only way the schemas read text (no bare z.string())", () => {
    const dir = path.resolve("app/domain/validation");
    const offenders = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "text.ts")
      .filter((file) =>
        /z\s*\.\s*(coerce\s*\.\s*)?string\s*\(/.test(fs.readFileSync(path.join(dir, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
