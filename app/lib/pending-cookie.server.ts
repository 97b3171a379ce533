import { createCookie } from "react-router";
import type { z } from "../domain/zod";
import { perSigner, type Signer } from "./signer.server";

/** How long a visitor's action waits for them to sign in or sign up (docs/decisions/021). */
const PENDING_SECONDS = 30 * 60;

/**
 * A visitor's action that waits while they sign in or sign up: a signed, httpOnly cookie that only
 * the shop's own form handler sets (so a link cannot plant one) and that lapses after half an hour.
 * It is read once: taking it clears it.
 */
export function pendingCookie<Schema extends z.ZodType>(name: string, schema: Schema) {
  const cookieOf = perSigner((signer) =>
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: PENDING_SECONDS,
      ...signer.cookie,
    }),
  );
  return {
    async remember(signer: Signer, pending: z.infer<Schema>, headers = new Headers()) {
      headers.append("Set-Cookie", await cookieOf(signer).serialize(pending));
      return headers;
    },
    /** The waiting action (a tampered or stale cookie reads as none); clears the cookie. */
    async take(
      signer: Signer,
      request: Request,
      headers: Headers,
    ): Promise<z.infer<Schema> | null> {
      const cookie = cookieOf(signer);
      const value = await cookie.parse(request.headers.get("Cookie"));
      if (value === null || value === undefined) return null;
      headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
  };
}
