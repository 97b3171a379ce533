import type { ContactInput } from "./validation/contact";

/** The body of the prefilled message: who wrote, how to answer, and what they wrote. */
export function contactMailBody({ name, email, message }: Omit<ContactInput, "subject">): string {
  // RFC 6068: line breaks in a mailto: body are CRLF.
  return [
    `Name: ${name}`,
    `Email: ${email}`,
    "",
    "Message:",
    message.replace(/\r?\n/g, "\r\n"),
  ].join("\r\n");
}

/**
 * docs/SPEC.md §7: the contact form makes no call; it opens the visitor's mail client with a message to
 * the shop, prefilled with the subject and a body holding the name, e-mail and message.
 * Every part is percent-encoded (spaces as %20, which all mail clients read; '+' would not be).
 */
export function buildContactMailto(shopEmail: string, input: ContactInput): string {
  const to = shopEmail.trim().split("@").map(encodeURIComponent).join("@");
  const query = [
    `subject=${encodeURIComponent(input.subject)}`,
    `body=${encodeURIComponent(contactMailBody(input))}`,
  ].join("&");
  return `mailto:${to}?${query}`;
}
