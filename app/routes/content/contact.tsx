import { type FormEvent, useEffect, useState } from "react";
import { data, Form } from "react-router";
import { ContactSent } from "~/components/content/contact-sent";
import { openMailClient } from "~/components/content/open-mail-client";
import { Clock, Mail, MapPin, Phone } from "~/components/icons";
import { notify } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { BUSINESS_HOURS } from "~/content/policy";
import { buildContactMailto } from "~/domain/contact-mail";
import {
  type ContactField,
  type ContactFieldErrors,
  type ContactProblem,
  contactFormValues,
  validateContact,
} from "~/domain/validation/contact";
import { CONTACT_LIMITS } from "~/domain/validation/contact-limits";
import { readForm } from "~/lib/form-data.server";
import { getShopIdentity } from "~/modules/settings/shop-identity.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/contact";

type ContactChecks = typeof import("~/domain/validation/contact");

/**
 * The form's checks (the same schema as the action's, with Zod) load apart from the page, right
 * after it hydrates; a submit before they arrive waits for them (docs/decisions/029).
 */
let checksLoaded: ContactChecks | null = null;
let checksLoading: Promise<ContactChecks> | null = null;
function loadChecks(): Promise<ContactChecks> {
  checksLoading ??= import("~/domain/validation/contact").then((checks) => {
    checksLoaded = checks;
    return checks;
  });
  return checksLoading;
}

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Satara Ayurveda" },
  {
    name: "description",
    content:
      "Get in touch with Satara Ayurveda in Satara, Maharashtra: send us a message, call or e-mail us. Open Monday to Saturday, 9 AM to 6 PM.",
  },
];

/**
 * Without JavaScript the form posts here. The same schema as in the browser decides; an invalid
 * message comes back with its errors. A valid one comes back as the page with the confirmation,
 * which hands the mailto: URL to the visitor's mail client by a refresh (docs/SPEC.md §7: no message is
 * sent by the shop itself) and keeps a link to it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = contactFormValues(await readForm(request));
  const result = validateContact(values);
  if (!result.success) {
    return data({ problem: result.problem, values }, { status: 400 });
  }
  const shop = await getShopIdentity(context.services.db);
  return { sent: { mailto: buildContactMailto(shop.email, result.data) } };
}

const FIELD_IDS: Record<ContactField, string> = {
  name: "contact-name",
  email: "contact-email",
  subject: "contact-subject",
  message: "contact-message",
};

export default function Contact({ actionData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  // Once the browser has checked the form, its verdict replaces what the server sent back (the
  // server only answers posts made without JavaScript). The browser's summary is the toast; the
  // server's is shown at the top of the form.
  const [checked, setChecked] = useState<{
    problem: ContactProblem | null;
    mailto?: string;
  } | null>(null);
  const server = checked ? null : actionData;
  const serverProblem = server && "problem" in server ? server.problem : null;
  const problem = checked ? checked.problem : serverProblem;
  const errors: ContactFieldErrors = problem?.fieldErrors ?? {};
  const values = server && "values" in server ? server.values : undefined;
  const serverSent = server && "sent" in server ? server.sent.mailto : null;
  const sentMailto = checked?.mailto ?? serverSent;

  useEffect(() => {
    void loadChecks();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Synchronous once the checks are here, so the mail client opens within the click.
    if (checksLoaded) check(checksLoaded, form);
    else void loadChecks().then((checks) => check(checks, form));
  }

  function check(checks: ContactChecks, form: HTMLFormElement) {
    const result = checks.validateContact(checks.contactFormValues(new FormData(form)));
    if (!result.success) {
      setChecked({ problem: result.problem });
      notify({
        type: "error",
        title: result.problem.title,
        description: result.problem.description,
      });
      const firstInvalid = (Object.keys(FIELD_IDS) as ContactField[]).find(
        (field) => result.problem.fieldErrors[field],
      );
      if (firstInvalid) document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    if (!shop) return;
    const mailto = buildContactMailto(shop.email, result.data);
    setChecked({ problem: null, mailto });
    openMailClient(mailto);
    form.reset();
  }

  const address = shop?.address;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
      <header className="mx-auto mb-10 grid max-w-3xl gap-3 text-center">
        <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">
          Get in Touch
        </h1>
        <p className="text-lg text-muted-foreground">
          Questions about a product, an order or your wellness routine? Write to us and our team
          will reply as soon as we can during business hours.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <h2 className="font-display font-semibold text-lg leading-tight">Send us a message</h2>
            <CardDescription>
              All fields are required. Sending opens your e-mail app with your message ready to go.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {serverSent ? <meta httpEquiv="refresh" content={`0;url=${serverSent}`} /> : null}
            {sentMailto && shop ? (
              <ContactSent key={sentMailto} mailto={sentMailto} shopEmail={shop.email} />
            ) : null}
            {serverProblem ? (
              <div
                role="alert"
                className="mb-5 rounded-md border border-destructive bg-card p-3 text-destructive text-sm"
              >
                <p className="font-semibold">{serverProblem.title}</p>
                <p>{serverProblem.description}</p>
              </div>
            ) : null}
            <Form
              method="post"
              noValidate
              onSubmit={handleSubmit}
              className="grid gap-5"
              aria-label="Contact form"
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Name" id={FIELD_IDS.name} errors={errors.name}>
                  {(control) => (
                    <Input
                      {...control}
                      name="name"
                      autoComplete="name"
                      required
                      maxLength={CONTACT_LIMITS.name}
                      defaultValue={values?.name}
                    />
                  )}
                </Field>
                <Field label="Email" id={FIELD_IDS.email} errors={errors.email}>
                  {(control) => (
                    <Input
                      {...control}
                      name="email"
                      type="email"
                      autoComplete="email"
                      required
                      placeholder="you@example.com"
                      defaultValue={values?.email}
                    />
                  )}
                </Field>
              </div>
              <Field label="Subject" id={FIELD_IDS.subject} errors={errors.subject}>
                {(control) => (
                  <Input
                    {...control}
                    name="subject"
                    required
                    maxLength={CONTACT_LIMITS.subject}
                    defaultValue={values?.subject}
                  />
                )}
              </Field>
              <Field label="Message" id={FIELD_IDS.message} errors={errors.message}>
                {(control) => (
                  <Textarea
                    {...control}
                    name="message"
                    required
                    rows={6}
                    maxLength={CONTACT_LIMITS.message}
                    defaultValue={values?.message}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="w-full sm:w-fit">
                <Mail aria-hidden="true" /> Send Message
              </Button>
            </Form>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <h2 className="font-display font-semibold text-lg leading-tight">Contact details</h2>
            </CardHeader>
            <CardContent>
              {shop && address ? (
                <address className="grid gap-4 not-italic">
                  <p className="flex gap-3">
                    <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span>
                      <span className="block font-semibold">{shop.name}</span>
                      {address.line1}
                      {address.line2 ? (
                        <>
                          <br />
                          {address.line2}
                        </>
                      ) : null}
                      <br />
                      {address.city}, {address.state} {address.postalCode}
                    </span>
                  </p>
                  <p className="flex gap-3">
                    <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <a
                      href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {shop.phone}
                    </a>
                  </p>
                  <p className="flex gap-3">
                    <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <a
                      href={`mailto:${shop.email}`}
                      className="break-all text-primary underline-offset-4 hover:underline"
                    >
                      {shop.email}
                    </a>
                  </p>
                </address>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <h2 className="font-display font-semibold text-lg leading-tight flex items-center gap-2">
                <Clock className="size-5 text-primary" aria-hidden="true" /> Business hours
              </h2>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {BUSINESS_HOURS.map(({ days, hours }) => (
                  <li key={days}>
                    <span className="font-semibold">{days}:</span> {hours}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
