import { composeMail } from "../../domain/mail-layout";
import type { Executor } from "../../lib/db.server";
import { type Mailer, sendMail } from "../../lib/mail.server";
import { getSettings } from "../settings/settings.server";

/** The password reset link, valid for an hour (Better Auth makes the link and its token). */
export async function sendPasswordReset(
  executor: Executor,
  mailer: Mailer,
  input: { to: string; name: string; url: string },
) {
  const shop = await getSettings(executor);
  await sendMail(mailer, {
    to: input.to,
    subject: "Reset your password",
    ...composeMail({
      shopName: shop.shopName,
      title: "Reset your password",
      paragraphs: [
        `Hello ${input.name},`,
        "We received a request to reset the password of your account. Open this link within one hour to choose a new password.",
      ],
      button: { label: "Choose a new password", url: input.url },
      footnotes: [
        "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
      ],
    }),
  });
}
