import { describe, expect, it } from "vitest";
import { buildContactMailto, contactMailBody } from "./contact-mail";

const input = {
  name: "Asha Patil",
  email: "asha.patil@gmail.com",
  subject: "Question about Triphala & dosage",
  message: "Hello,\nIs it safe with tea? 100% herbal?",
};

function parse(url: string) {
  const parsed = new URL(url);
  return {
    protocol: parsed.protocol,
    to: decodeURIComponent(parsed.pathname),
    subject: parsed.searchParams.get("subject"),
    body: parsed.searchParams.get("body"),
  };
}

describe("contact mail body", () => {
  it("holds the name, the e-mail and the message, with CRLF line breaks", () => {
    expect(contactMailBody(input)).toBe(
      "Name: Asha Patil\r\nEmail: asha.patil@gmail.com\r\n\r\nMessage:\r\nHello,\r\nIs it safe with tea? 100% herbal?",
    );
  });

  it("keeps CRLF line breaks typed by the visitor as they are", () => {
    expect(contactMailBody({ ...input, message: "one\r\ntwo" })).toMatch(/one\r\ntwo$/);
  });
});

describe("buildContactMailto", () => {
  it("addresses the shop and carries the subject and body", () => {
    const url = buildContactMailto("care@sataraayurveda.in", input);
    expect(url.startsWith("mailto:care@sataraayurveda.in?subject=")).toBe(true);
    const parsed = parse(url);
    expect(parsed.protocol).toBe("mailto:");
    expect(parsed.to).toBe("care@sataraayurveda.in");
    expect(parsed.subject).toBe(input.subject);
    expect(parsed.body).toBe(contactMailBody(input));
  });

  it("percent-encodes every reserved character, and spaces as %20 rather than '+'", () => {
    const url = buildContactMailto("care@sataraayurveda.in", input);
    const query = url.slice(url.indexOf("?") + 1);
    expect(query).not.toMatch(/[ +\n\r#]/);
    expect(query.split("&")).toHaveLength(2);
    expect(query).toContain("subject=Question%20about%20Triphala%20%26%20dosage");
    expect(query).toContain("%0D%0A");
    expect(query).toContain("100%25%20herbal%3F");
  });

  it("encodes Devanagari text as UTF-8 and decodes back to it", () => {
    const message = "नमस्कार, मला माहिती हवी आहे";
    const url = buildContactMailto("care@sataraayurveda.in", { ...input, message });
    expect(url).not.toContain("न");
    expect(decodeURIComponent(url)).toContain(message);
  });

  it("trims the shop address and cannot be given extra recipients through it", () => {
    expect(buildContactMailto("  care@shop.in ", input).startsWith("mailto:care@shop.in?")).toBe(
      true,
    );
    const sneaky = buildContactMailto("care@shop.in?cc=x@y.z", input);
    const address = sneaky.slice("mailto:".length, sneaky.indexOf("?"));
    expect(address).toBe("care@shop.in%3Fcc%3Dx@y.z");
    expect(new URL(sneaky).searchParams.get("cc")).toBeNull();
  });
});
