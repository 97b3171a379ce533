/** docs/DESIGN.md §6.2: the e-mail providers accepted at sign-up until an administrator edits the list. */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.co.in",
  "yahoo.com",
  "yahoo.in",
  "ymail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "rediffmail.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "zoho.com",
  "protonmail.com",
  "proton.me",
] as const;

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}
