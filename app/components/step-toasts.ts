import { useEffect } from "react";

/**
 * For a step of a flow that gives way to the next (the number, then the code sent to it): the
 * toasts shown while it was on screen ("Code sent", "2 tries left") go when it does. They are
 * dismissed before the next step's own toast is shown: both wait for the same toast module, and
 * this waits first.
 */
export function useToastsEndWithStep() {
  useEffect(
    () => () => {
      void import("./toast-display").then((display) => display.dismissToasts());
    },
    [],
  );
}
