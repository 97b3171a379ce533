/**
 * Addresses and accounts shared by playwright.config.ts and the tests. E2E_PORT moves all three
 * ports, so two checkouts of the shop can run their tests side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = E2E_PORT + 1;
export const SMTP_HTTP_PORT = E2E_PORT + 2;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: "owner@shop.example", password: "e2e-admin-password" };
