import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while the server renders and the page is not yet interactive; true once hydrated. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
