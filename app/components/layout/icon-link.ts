/** A round icon button or link in the header. */
export const iconLink =
  "relative inline-flex size-10 items-center justify-center rounded-full text-foreground hover:bg-secondary";
