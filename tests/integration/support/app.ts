import type { Database } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { ensureSettings } from "~/modules/settings/settings.server";
import { chooseMailer, TEST_PUBLIC_URL } from "./services";

export { TEST_PUBLIC_URL };

/**
 * Wires mail (captured in memory) and settings around a test database; sign-in and the cookies'
 * signer are the file's services' (support/services.ts).
 */
export async function wireApp(database: Database) {
  const sent: MailMessage[] = [];
  chooseMailer({
    send: async (message) => {
      sent.push(message);
    },
  });
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
