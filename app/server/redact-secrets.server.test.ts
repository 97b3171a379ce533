import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact-secrets.server";

describe("redactSecrets", () => {
  const env = {
    DATABASE_URL: "postgres://shop:p%40ss-word-1@db.internal:5432/shop",
    SMTP_URL: "smtp://mailer:smtp-secret@mail.internal:587",
    AUTH_SECRET: "a".repeat(40),
    ADMIN_PASSWORD: "owner-password",
  };

  it("removes connection URLs, their passwords (also decoded) and secrets", () => {
    const text = [
      `connect failed for ${env.DATABASE_URL}`,
      "password p@ss-word-1 refused",
      "raw p%40ss-word-1",
      `smtp ${env.SMTP_URL} and smtp-secret`,
      `secret ${env.AUTH_SECRET} admin owner-password`,
    ].join("\n");
    const redacted = redactSecrets(text, env);
    for (const secret of [
      "p@ss-word-1",
      "p%40ss-word-1",
      "smtp-secret",
      env.AUTH_SECRET,
      "owner-password",
    ]) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain("connect failed for [redacted]");
  });

  it("leaves a message without secrets alone", () => {
    expect(redactSecrets("connect ECONNREFUSED 127.0.0.1:5432", env)).toBe(
      "connect ECONNREFUSED 127.0.0.1:5432",
    );
    expect(redactSecrets("anything", {})).toBe("anything");
  });
});
