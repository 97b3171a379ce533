import fs from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { ADMIN, SPEC_SHOP_PORTS } from "./config";
import { PASSWORD, uniqueEmail } from "./helpers";
import { shopTracker, waitForHealth } from "./support/shop-process";

/**
 * The limits on mobile sign-in codes (docs/decisions/068) attacked the way an outside caller
 * attacks them: through the running server, each request naming its client in X-Forwarded-For
 * (which the shop believes from this machine, TRUST_PROXY's default), the SMS counted in the
 * outbox. The spec lowers the shop's hourly cap, so it runs a shop of its own.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

// Its own port (tests/e2e/config.ts lists every spec's).
const PORT = SPEC_SHOP_PORTS.signInCodeLimits;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RETRY = /Too many attempts\. Please try again in \d+ minutes?\./;
const TAKEN = "This mobile number is already used by another account.";

const shops = shopTracker();
let outbox: string;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  const dataDir = shops.migratedDataDir("sign-in-code-limits");
  outbox = path.join(dataDir, "outbox");
  shops.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMS: "outbox",
    },
  });
  await waitForHealth(PORT);
});
test.afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.dispose()));
  await shops.killAll();
  shops.cleanUp();
});

/** A caller of its own (its own cookie jar) at `address`. */
async function client(address: string) {
  const context = await playwrightRequest.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN, "x-forwarded-for": address },
  });
  contexts.push(context);
  return context;
}

let counter = 0;
/** A ten-digit number no other test of this run uses, starting with `first`. */
function freshNumber(first: "8" | "9") {
  counter += 1;
  const tail = `${String(Date.now() % 10_000).padStart(4, "0")}${String(counter).padStart(4, "0")}`;
  return `${first}${String(process.pid % 10)}${tail}`;
}

function smsFiles(ten: string) {
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((file) => file.includes(`-sms-91${ten}-`))
        .sort()
    : [];
}

/** The code of the newest SMS to the ten digits. */
async function codeSentTo(ten: string) {
  await expect.poll(() => smsFiles(ten).length).toBeGreaterThan(0);
  const message = JSON.parse(fs.readFileSync(path.join(outbox, smsFiles(ten).at(-1)!), "utf8"));
  return message.variables.OTP as string;
}

function wrong(code: string) {
  return code === "000000" ? "111111" : "000000";
}

async function sendCode(caller: APIRequestContext, ten: string) {
  const response = await caller.post("/auth/mobile", {
    form: { intent: "send-code", phoneNumber: ten },
    maxRedirects: 0,
  });
  return { status: response.status(), text: await response.text() };
}

async function verify(caller: APIRequestContext, ten: string, code: string) {
  const response = await caller.post("/auth/mobile", {
    form: { intent: "verify", phoneNumber: ten, code },
    maxRedirects: 0,
  });
  return { status: response.status(), text: await response.text() };
}

/** Whether the caller's cookie jar holds a signed-in customer. */
async function signedIn(caller: APIRequestContext) {
  const response = await caller.get("/profile", { maxRedirects: 0 });
  return response.status() === 200;
}

/**
 * A customer with an account who signs in by mobile: signed up by e-mail, the number added and
 * proved on the profile (that code is for adding, so a sign-in code need not wait 30 seconds).
 */
async function knownCustomer(address: string) {
  const caller = await client(address);
  const signUp = await caller.post("/auth", {
    form: {
      intent: "sign-up",
      fullName: "Sunanda Kale",
      email: uniqueEmail("known"),
      password: PASSWORD,
    },
  });
  expect(signUp.status()).toBe(200);
  const ten = freshNumber("9");
  const sent = await caller.post("/profile/mobile", {
    form: { intent: "send-code", phoneNumber: ten },
    maxRedirects: 0,
  });
  expect(sent.status(), await sent.text()).toBe(302);
  const added = await caller.post("/profile/mobile", {
    form: { intent: "verify", phoneNumber: ten, code: await codeSentTo(ten) },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  return ten;
}

/** A customer who signed up by mobile: number, code, then name with the page's one-time ticket. */
async function mobileCustomer(address: string) {
  const caller = await client(address);
  const ten = freshNumber("9");
  expect((await sendCode(caller, ten)).status).toBe(302);
  const verified = await verify(caller, ten, await codeSentTo(ten));
  const ticket = /name="ticket" value="([^"]+)"/.exec(verified.text)?.[1];
  expect(ticket).toBeDefined();
  const created = await caller.post("/auth/mobile", {
    form: { intent: "create-account", phoneNumber: ten, ticket: ticket!, fullName: "Ramesh Kale" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  expect(await signedIn(caller)).toBe(true);
  return ten;
}

/** The known customer, signed out, asks a code at `address` and signs in with it. */
async function signInByMobile(ten: string, address: string) {
  const caller = await client(address);
  const before = smsFiles(ten).length;
  expect((await sendCode(caller, ten)).status).toBe(302);
  expect(smsFiles(ten)).toHaveLength(before + 1);
  expect((await verify(caller, ten, await codeSentTo(ten))).status).toBe(302);
  expect(await signedIn(caller)).toBe(true);
}

let known: string | undefined;
/** The one known customer's number, made by the first test that needs it. */
async function knownNumber() {
  known ??= await knownCustomer("10.30.0.1");
  return known;
}

test("a flood of code requests rotating /64s inside one IPv6 /48 is stopped after the /48's 30", async () => {
  const ten = await knownNumber();
  const statuses: number[] = [];
  const flooded: string[] = [];
  for (let i = 0; i < 40; i++) {
    const ten = freshNumber("8");
    flooded.push(ten);
    const caller = await client(`2001:db8:4801:${(i + 1).toString(16)}::1`);
    const answer = await sendCode(caller, ten);
    statuses.push(answer.status);
    if (answer.status === 429) expect(answer.text).toMatch(RETRY);
  }
  expect(statuses).toEqual([...Array(30).fill(302), ...Array(10).fill(429)]);
  expect(flooded.filter((ten) => smsFiles(ten).length > 0)).toHaveLength(30);
  // Another /48 is another network, and the customer signs in.
  await signInByMobile(ten, "2001:db8:4802:1::1");
});

test("new numbers from every network use up only the new numbers' hourly budget: a customer still signs in, and the owner is told", async () => {
  // A customer of its own: a number may have a new code only 30 seconds after its last.
  const ten = await knownCustomer("10.30.1.1");
  const admin = await client("10.31.0.1");
  expect(
    (
      await admin.post("/admin/login", {
        form: { email: ADMIN.email, password: ADMIN.password },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  const saved = await admin.post("/admin/messages", {
    form: { whatsappLanguage: "en", orderMessagesPerHour: "200", smsCodesPerHour: "40" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);

  // Each request from a network of its own (its own /24), each to another new number.
  let refused: string | null = null;
  for (let i = 0; i < 60 && !refused; i++) {
    const caller = await client(`10.${40 + Math.floor(i / 200)}.${i % 200}.9`);
    const answer = await sendCode(caller, freshNumber("8"));
    if (answer.status === 429) refused = answer.text;
    else expect(answer.status).toBe(302);
  }
  expect(refused).toMatch(RETRY);

  await signInByMobile(ten, "10.32.0.1");

  // The owner's mail, written once however many were refused, and the dashboard's notice.
  await expect
    .poll(() =>
      fs
        .readdirSync(outbox)
        .filter((file) => file.endsWith(".eml"))
        .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
        .filter((mail) => mail.includes("Subject: Sign-in codes to new numbers stopped")),
    )
    .toHaveLength(1);
  const dashboard = await admin.get("/admin/dashboard");
  expect(await dashboard.text()).toContain("Sign-in codes to new numbers are stopped");

  // The owner raises the cap again: new numbers get codes, and the notice is gone.
  const raised = await admin.post("/admin/messages", {
    form: { whatsappLanguage: "en", orderMessagesPerHour: "200", smsCodesPerHour: "300" },
    maxRedirects: 0,
  });
  expect(raised.status()).toBeLessThan(400);
  expect(await (await admin.get("/admin/dashboard")).text()).not.toContain(
    "Sign-in codes to new numbers are stopped",
  );
});

test("a stranger's wrong guesses from other addresses do not spend a customer's code, and one stranger is limited", async () => {
  const owner = await client("10.33.0.1");
  const ten = freshNumber("8");
  expect((await sendCode(owner, ten)).status).toBe(302);
  const code = await codeSentTo(ten);
  for (let i = 0; i < 3; i++) {
    const stranger = await client(`10.34.${i}.1`);
    expect((await verify(stranger, ten, wrong(code))).status).toBe(400);
  }
  const verified = await verify(owner, ten, code);
  expect(verified.status).toBe(200);
  expect(verified.text).toContain("Your number is verified");

  // One stranger guessing on: refused after the per-client allowance, the code never compared.
  const stranger = await client("10.35.0.1");
  const statuses: number[] = [];
  for (let i = 0; i < 22; i++)
    statuses.push((await verify(stranger, freshNumber("9"), "123456")).status);
  expect(statuses).toEqual([...Array(20).fill(400), 429, 429]);
});

test("adding a number another account signs in with is refused before any SMS is sent", async () => {
  const caller = await client("10.36.0.1");
  const signUp = await caller.post("/auth", {
    form: {
      intent: "sign-up",
      fullName: "Vilas Kale",
      email: uniqueEmail("adder"),
      password: PASSWORD,
    },
  });
  expect(signUp.status()).toBe(200);
  // The number's last code was a sign-in code, so no wait between codes for adding stands in the way.
  const ten = await mobileCustomer("10.37.0.1");
  const before = smsFiles(ten).length;
  const answer = await caller.post("/profile/mobile", {
    form: { intent: "send-code", phoneNumber: ten },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(409);
  expect(await answer.text()).toContain(TAKEN);
  expect(smsFiles(ten)).toHaveLength(before);
});
