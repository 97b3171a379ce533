/**
 * Join class names, skipping falsy values. No conflict resolution: when a caller's
 * `className` must win over a component default, prefer a non-conflicting utility
 * or the `!` important modifier (e.g. `bg-accent!`).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
