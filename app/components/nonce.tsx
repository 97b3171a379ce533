import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The Content-Security-Policy nonce of this response (empty in the browser). */
export function useNonce() {
  return useContext(NonceContext);
}
