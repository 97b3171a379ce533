import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Content-Security-Policy nonce for inline scripts of this response. */
    cspNonce: string;
    requestId: string;
    /** The client's address as seen by server.ts (proxies on loopback are trusted). */
    clientIp: string;
  }
}
