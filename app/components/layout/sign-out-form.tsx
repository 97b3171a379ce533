import { Form } from "react-router";

/** A plain form, for places that must work before JavaScript loads. */
export function SignOutForm({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/sign-out">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
