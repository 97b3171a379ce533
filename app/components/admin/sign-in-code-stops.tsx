import { Link } from "react-router";
import { formatIstDateTime } from "~/domain/india-time";
import type { SignInCodeStop } from "~/modules/accounts/sign-in-code-caps.server";

/**
 * The shop's hourly budgets of sign-in codes that ran out (docs/decisions/068), shown only while
 * they hold: whose codes are stopped, until when, and that the other kind still goes out.
 */
export function SignInCodeStops({ stops }: { stops: readonly SignInCodeStop[] }) {
  return (
    <section
      aria-labelledby="sign-in-codes-heading"
      className="rounded-md border border-destructive p-4"
    >
      <h2
        id="sign-in-codes-heading"
        className="font-display font-semibold text-destructive text-lg"
      >
        Sign-in codes stopped
      </h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {stops.map((stop) => (
          <li key={stop.kind}>{stopText(stop)}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link to="/admin/messages" className="text-primary underline underline-offset-4">
          Message settings
        </Link>
      </p>
    </section>
  );
}

/** One sentence in one piece (docs/decisions/048). */
function stopText(stop: SignInCodeStop) {
  const other = stop.kind === "new" ? "customers' numbers" : "new numbers";
  return `Sign-in codes to ${stop.whose} are stopped until ${formatIstDateTime(stop.until)}: the hourly cap of ${stop.cap} was reached. Codes to ${other} still go out.`;
}
