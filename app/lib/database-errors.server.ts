/** SQLSTATE of a unique violation (PostgreSQL and PGlite alike). */
const UNIQUE_VIOLATION = "23505";

/**
 * The name of the unique constraint a failed statement broke, or null when it failed for any other
 * reason. Drizzle wraps the driver's error (its `cause`), which carries the SQLSTATE and the
 * constraint's name, so a refusal is recognised by what it is rather than by its message's words.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    const { code, constraint, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === UNIQUE_VIOLATION) return typeof constraint === "string" ? constraint : "";
    current = cause;
  }
  return null;
}
