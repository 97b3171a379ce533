import { z } from "../zod";
import { CONTACT_LIMITS } from "./contact-limits";
import { multiLineText, singleLineText } from "./text";

/** The messages of docs/SPEC.md §5 and §8 for the contact form, used by the browser and the server alike. */
export const CONTACT_MESSAGES = {
  missingTitle: "Missing Information",
  missingDescription: "Please fill in all fields",
  invalidEmailTitle: "Invalid Email",
  checkTitle: "Please check the form",
  emailInvalid: "Please enter a valid email address",
  nameRequired: "Please enter your name",
  emailRequired: "Please enter your email address",
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter your message",
  nameTooLong: "Name must be less than 100 characters",
  subjectTooLong: "Subject must be less than 200 characters",
  messageTooLong: "Message must be less than 2000 characters",
} as const;

export { CONTACT_LIMITS };

const REQUIRED_MESSAGES: ReadonlySet<string> = new Set([
  CONTACT_MESSAGES.nameRequired,
  CONTACT_MESSAGES.emailRequired,
  CONTACT_MESSAGES.subjectRequired,
  CONTACT_MESSAGES.messageRequired,
]);

function requiredText(
  required: string,
  max: number,
  tooLong: string,
  options: { multiLine?: boolean } = {},
) {
  return (options.multiLine ? multiLineText : singleLineText)({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true });
}

/** docs/DESIGN.md §6.11: name, e-mail, subject and message, all required. */
export const contactSchema = z.object({
  name: requiredText(
    CONTACT_MESSAGES.nameRequired,
    CONTACT_LIMITS.name,
    CONTACT_MESSAGES.nameTooLong,
  ),
  email: singleLineText({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
    .max(254, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  subject: requiredText(
    CONTACT_MESSAGES.subjectRequired,
    CONTACT_LIMITS.subject,
    CONTACT_MESSAGES.subjectTooLong,
  ),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_LIMITS.message,
    CONTACT_MESSAGES.messageTooLong,
    { multiLine: true },
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "subject", "message"];

export type ContactFieldErrors = Partial<Record<ContactField, string[]>>;

export type ContactProblem = {
  /** Toast title (docs/SPEC.md §8: 'Missing Information' when any field is empty). */
  title: string;
  description: string;
  fieldErrors: ContactFieldErrors;
};

export type ContactResult =
  | { success: true; data: ContactInput }
  | { success: false; problem: ContactProblem };

/** Reads the four fields from a submitted form (absent fields stay undefined). */
export function contactFormValues(form: FormData): Record<ContactField, string | undefined> {
  const read = (field: ContactField) => {
    const value = form.get(field);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: read("name"),
    email: read("email"),
    subject: read("subject"),
    message: read("message"),
  };
}

/**
 * Validates the contact form. On failure, the summary follows docs/SPEC.md §8: any empty field gives
 * 'Missing Information' / 'Please fill in all fields'; otherwise the first problem is shown
 * (for an invalid address, 'Please enter a valid email address').
 */
export function validateContact(input: unknown): ContactResult {
  const parsed = contactSchema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !CONTACT_FIELDS.includes(field as ContactField)) continue;
    const key = field as ContactField;
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  const messages = parsed.error.issues.map((issue) => issue.message);
  if (messages.some((message) => REQUIRED_MESSAGES.has(message))) {
    return {
      success: false,
      problem: {
        title: CONTACT_MESSAGES.missingTitle,
        description: CONTACT_MESSAGES.missingDescription,
        fieldErrors,
      },
    };
  }
  const first = messages[0] ?? CONTACT_MESSAGES.missingDescription;
  return {
    success: false,
    problem: {
      title:
        first === CONTACT_MESSAGES.emailInvalid
          ? CONTACT_MESSAGES.invalidEmailTitle
          : CONTACT_MESSAGES.checkTitle,
      description: first,
      fieldErrors,
    },
  };
}
