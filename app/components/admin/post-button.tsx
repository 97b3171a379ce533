import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";

/** One button that posts its fields to the order's action, busy while it runs. */
export function PostButton({
  action,
  fields,
  label,
  busyLabel,
  icon,
  variant = "outline",
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  busyLabel: string;
  icon?: React.ReactNode;
  variant?: "outline" | "default";
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {icon}
        {busy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}
