import type { ReactNode } from "react";

/** A back-office page's title and what it is for, with its main action (if any) beside them. */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  const text = (
    <>
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
    </>
  );
  if (!children) return <header>{text}</header>;
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div>{text}</div>
      {children}
    </header>
  );
}
