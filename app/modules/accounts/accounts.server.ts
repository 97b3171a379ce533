import { type Auth, createAuth, type PasswordResetMail } from "../../lib/auth.server";
import type { Database } from "../../lib/db.server";
import { checkCodeForAuth } from "./phone-sign-in.server";

/**
 * What the accounts area signs in and reads sessions with, made once per start
 * (app/services.server.ts): the shop's database, Better Auth over it, and the secret that signs
 * the session cookie (Better Auth's own).
 */
export type Accounts = { db: Database; auth: Auth; secret: string };

export function createAccounts(options: {
  db: Database;
  secret: string;
  publicUrl: string;
  sendPasswordReset: (mail: PasswordResetMail) => Promise<void>;
}): Accounts {
  const { db, secret } = options;
  const auth = createAuth({
    db,
    secret,
    publicUrl: options.publicUrl,
    sendPasswordReset: options.sendPasswordReset,
    checkPhoneCode: (check) => checkCodeForAuth({ db, secret }, check),
  });
  return { db, auth, secret };
}
