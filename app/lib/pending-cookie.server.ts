import { createCookie } from "react-router";
import type { z } from "../domain/zod";
import { appSecret } from "./secrets.server";

/** How long a visitor's action waits for them to sign in or sign up (docs/decisions/021). */
const PENDING_SECONDS = 30 * 60;

/**
 * A visitor's action that waits while they sign in or sign up: a signed, httpOnly cookie that only
 * the shop's own form handler sets (so a link cannot plant one) and that lapses after half an hour.
 * It is read once: taking it clears it.
 */
export function pendingCookie<Schema extends z.ZodType>(name: string, schema: Schema) {
  let cookie: ReturnType<typeof createCookie> | undefined;
  const theCookie = () => {
    cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: PENDING_SECONDS,
      secure: process.env.PUBLIC_URL?.startsWith("https://") ?? false,
      secrets: [appSecret()],
    });
    return cookie;
  };
  return {
    async remember(pending: z.infer<Schema>, headers = new Headers()) {
      headers.append("Set-Cookie", await theCookie().serialize(pending));
      return headers;
    },
    /** The waiting action (a tampered or stale cookie reads as none); clears the cookie. */
    async take(request: Request, headers: Headers): Promise<z.infer<Schema> | null> {
      const value = await theCookie().parse(request.headers.get("Cookie"));
      if (value === null || value === undefined) return null;
      headers.append("Set-Cookie", await theCookie().serialize("", { maxAge: 0 }));
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
  };
}
