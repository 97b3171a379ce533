import "react-router";
import type { ShopServices } from "./services.server";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * Content-Security-Policy nonce for inline scripts of this response; empty for a page
     * rendered for the page cache, whose scripts are allowed by hash instead.
     */
    cspNonce: string;
    /** Render the whole document before sending it (a page for the cache, or a crawler). */
    wholeDocument?: boolean;
    requestId: string;
    /**
     * The client's address as server.ts believes it (X-Forwarded-For only from TRUST_PROXY), in
     * its one spelling; per-client limits count by `clientKey(clientIp)` (lib/client-key.server.ts).
     */
    clientIp: string;
    /** The shop's services, made once at start (app/services.server.ts). */
    services: ShopServices;
  }
}
