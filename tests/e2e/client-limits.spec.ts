import { randomInt } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { uniqueEmail, waitForHydration } from "./helpers";

/**
 * The shop believes X-Forwarded-For from proxies on this machine (TRUST_PROXY's default), so these
 * requests stand for clients behind such a proxy, each naming its own address.
 */
const RETRY = /Too many attempts\. Please try again in \d+ minutes?\./;

function group() {
  return randomInt(0x10000).toString(16);
}

/** A /64 of the documentation range that no other run used. */
function freshNetwork() {
  return `2001:db8:${group()}:${group()}`;
}

/** An address of the network, its last 64 bits chosen at will, as its owner may. */
function addressIn(network: string) {
  return `${network}:${group()}:${group()}:${group()}:${group()}`;
}

function expandedUpperCase(address: string) {
  return address
    .split(":")
    .map((part) => part.padStart(4, "0").toUpperCase())
    .join(":");
}

async function requestReset(request: APIRequestContext, clientAddress: string) {
  const response = await request.post("/auth", {
    form: { intent: "request-reset", email: uniqueEmail("reset") },
    headers: { origin: BASE_URL, "x-forwarded-for": clientAddress },
  });
  return response.status();
}

test("55 password-reset requests rotating the last 64 bits of one /64 are one client: the 51st on are refused, however the address is written", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const network = freshNetwork();
  const statuses: number[] = [];
  for (let sent = 0; sent < 55; sent++) {
    statuses.push(await requestReset(request, addressIn(network)));
  }
  expect(statuses.slice(0, 50)).toEqual(Array(50).fill(200));
  expect(statuses.slice(50)).toEqual(Array(5).fill(429));

  const limited = addressIn(network);
  expect(await requestReset(request, expandedUpperCase(limited))).toBe(429);
  expect(await requestReset(request, limited.toUpperCase())).toBe(429);
  // Another customer's /64 is another client.
  expect(await requestReset(request, addressIn(freshNetwork()))).toBe(200);
});

test("setting a new password is limited per client, with the shop's retry message", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const network = freshNetwork();
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await request.post("/auth", {
      form: { intent: "reset-password", token: "no-such-token", password: "a-new-secret" },
      headers: { origin: BASE_URL, "x-forwarded-for": addressIn(network) },
    });
    expect(response.status()).toBe(400);
  }

  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": addressIn(network) },
  });
  const page = await context.newPage();
  await page.goto("/auth?token=no-such-token");
  await waitForHydration(page);
  await page.getByLabel("New Password").fill("a-new-secret");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Password reset failed")).toBeVisible();
  await expect(page.getByText(RETRY)).toBeVisible();
  await context.close();
});
