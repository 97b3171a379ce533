import { createAuth, setAuth } from "~/lib/auth.server";
import type { Database } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { setAppSecret } from "~/lib/secrets.server";
import { sendPasswordReset } from "~/modules/accounts/account-mail.server";
import { checkCodeForAuth } from "~/modules/accounts/phone-sign-in.server";
import { ensureSettings } from "~/modules/settings/settings.server";
import { chooseMailer, testServices } from "./services";

export const TEST_PUBLIC_URL = "http://localhost:3999";

/** Wires auth, mail (captured in memory) and settings around a test database. */
export async function wireApp(database: Database) {
  const sent: MailMessage[] = [];
  const secret = "test-secret-test-secret-test-secret-0123";
  setAppSecret(secret);
  chooseMailer({
    send: async (message) => {
      sent.push(message);
    },
  });
  setAuth(
    createAuth({
      db: database,
      secret,
      publicUrl: TEST_PUBLIC_URL,
      // The mailer the file's services have when the mail is sent, chosen later or not.
      sendPasswordReset: (mail) =>
        sendPasswordReset(database, testServices().notifications.mail, mail),
      checkPhoneCode: (check) => checkCodeForAuth(database, check),
    }),
  );
  await ensureSettings(database);
  return { sent };
}

/** A request as the browser would send it, carrying the cookies of earlier responses. */
export function browserRequest(path: string, cookies: string[] = [], init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_PUBLIC_URL);
  if (cookies.length) headers.set("cookie", cookies.map((c) => c.split(";")[0]).join("; "));
  return new Request(`${TEST_PUBLIC_URL}${path}`, { ...init, headers });
}
