/** Addresses and accounts shared by playwright.config.ts and the tests. */
export const E2E_PORT = 3210;
export const SMTP_PORT = 3211;
export const SMTP_HTTP_PORT = 3212;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: "owner@shop.example", password: "e2e-admin-password" };
