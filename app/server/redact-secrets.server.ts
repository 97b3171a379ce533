type SecretSettings = {
  DATABASE_URL?: string;
  AUTH_SECRET?: string;
  ADMIN_PASSWORD?: string;
  SMTP_URL?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
};

/** The password of a connection URL, as written and decoded. */
function passwordsOf(url: string | undefined): (string | undefined)[] {
  const raw = url?.match(/^[a-z]+:\/\/[^:/@]*:([^@]+)@/i)?.[1];
  if (!raw) return [];
  try {
    return [raw, decodeURIComponent(raw)];
  } catch {
    return [raw];
  }
}

/**
 * Replaces every configured secret (connection URLs, their passwords, keys) in `text`, so a
 * start-up error can be printed as it is without leaking a credential.
 */
export function redactSecrets(text: string, env: SecretSettings) {
  const secrets = [
    env.DATABASE_URL,
    env.SMTP_URL,
    ...passwordsOf(env.DATABASE_URL),
    ...passwordsOf(env.SMTP_URL),
    env.AUTH_SECRET,
    env.ADMIN_PASSWORD,
    env.RAZORPAY_KEY_SECRET,
    env.RAZORPAY_WEBHOOK_SECRET,
  ].filter((secret): secret is string => Boolean(secret && secret.length >= 3));
  // Longest first, so a URL is replaced whole before the password inside it.
  secrets.sort((a, b) => b.length - a.length);
  let redacted = text;
  for (const secret of secrets) redacted = redacted.split(secret).join("[redacted]");
  return redacted;
}
