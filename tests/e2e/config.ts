/**
 * Addresses and accounts shared by playwright.config.ts and the tests. E2E_PORT moves all three
 * ports, so two checkouts of the shop can run their tests side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = E2E_PORT + 1;
export const SMTP_HTTP_PORT = E2E_PORT + 2;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: "owner@shop.example", password: "e2e-admin-password" };

/**
 * The ports of the shops specs start of their own, one place for all so no two specs share one
 * (two shops on one port answer each other's requests).
 */
export const SPEC_SHOP_PORTS = {
  serverProcess: [E2E_PORT + 11, E2E_PORT + 12, E2E_PORT + 13],
  httpEdge: E2E_PORT + 20,
  signInCodeLimits: E2E_PORT + 27,
  dataFiles: E2E_PORT + 30,
  shippingFees: E2E_PORT + 40,
  providerEndpoints: E2E_PORT + 44,
  providerCallbacks: E2E_PORT + 45,
  providerOutage: E2E_PORT + 46,
  checkoutPin: E2E_PORT + 48,
} as const;

const allSpecShopPorts = Object.values(SPEC_SHOP_PORTS).flat();
if (new Set(allSpecShopPorts).size !== allSpecShopPorts.length) {
  throw new Error("Two specs start their shops on one port: see SPEC_SHOP_PORTS");
}
