import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_NUMBER_RULE } from "~/domain/mobile-number";
import { ADDRESS_MESSAGES } from "~/domain/validation/address";
import { takeToast } from "~/lib/toast.server";
import { action as profileMobileAction } from "~/routes/account/profile-mobile";
import { action as mobileAction } from "~/routes/auth/mobile";
import { addresses, phoneCodes, profiles } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer, postProfile, SATARA } from "./support/profile";
import { chooseSms, routeContext, TEST_SIGNER } from "./support/services";

/**
 * However a person writes their number, the server reads the same ten digits (docs/decisions/066):
 * the sign-in code goes to it, and the spec's phones store it; anything that is not one number is
 * refused with the field's message, and nothing is sent or written.
 */

let handle: Awaited<ReturnType<typeof useTestDatabase>>;
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "sms-spellings-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
});
afterAll(async () => {
  chooseSms(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
  await handle.close();
});

const SPELLINGS: [string, (ten: string) => string][] = [
  ["+91, spaced", (ten) => `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`],
  ["+91, dashed", (ten) => `+91-${ten.slice(0, 5)}-${ten.slice(5)}`],
  ["a leading 0, spaced", (ten) => `0${ten.slice(0, 5)} ${ten.slice(5)}`],
  ["ten digits", (ten) => ten],
  ["+91 run together", (ten) => `+91${ten}`],
  ["a leading 0 run together", (ten) => `0${ten}`],
  ["91 without its +", (ten) => `91${ten}`],
  ["0091, spaced", (ten) => `0091 ${ten.slice(0, 5)} ${ten.slice(5)}`],
];

/** Not one Indian mobile number, however it is read. */
const NOT_A_NUMBER = [
  "+1 415 555 0100",
  "+92 98500 11223",
  "98500112234",
  "985001122",
  "5850011223",
  "९८५००११२२३",
  "９８５００１１２２３",
  "Mobile 9850011223",
];

let counter = 0;
/** A number of its own for each case, beginning with 91 every other time. */
function freshNumber() {
  counter += 1;
  const head = counter % 2 ? "91" : "98";
  return `${head}${String(process.pid % 1000).padStart(3, "0")}${String(counter).padStart(5, "0")}`;
}

/** Each post its own client, so the per-client hourly limit never answers instead. */
function freshClient() {
  counter += 1;
  return `10.66.${Math.floor(counter / 250)}.${counter % 250}`;
}

async function post(
  action: (args: never) => unknown,
  at: string,
  fields: Record<string, string>,
  cookies: string[] = [],
) {
  const request = browserRequest(at, cookies, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  let outcome: unknown;
  try {
    outcome = await action({
      request,
      params: {},
      context: routeContext(freshClient()),
    } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get("Location"), body: null };
  }
  const { data, init } = outcome as { data: Record<string, unknown>; init: ResponseInit | null };
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/", new Headers(init?.headers).getSetCookie()),
  );
  return { status: init?.status ?? 200, location: null, body: data, toast };
}

async function smsTo(ten: string) {
  const files = await fs.readdir(outbox);
  const mine = files.filter((file) => file.includes(`-sms-91${ten}-`));
  return Promise.all(
    mine.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")).to),
  );
}

async function codesFor(ten: string) {
  return handle.db
    .select()
    .from(phoneCodes)
    .where(eq(phoneCodes.phoneNumber, `+91${ten}`));
}

describe(`a sign-in code's number, however written, on ${DATABASE_KIND}`, () => {
  it.each(SPELLINGS)("/auth/mobile: %s goes to the number", async (_, spell) => {
    const ten = freshNumber();
    const sent = await post(mobileAction, "/auth/mobile", {
      intent: "send-code",
      phoneNumber: spell(ten),
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/auth/mobile?number=${ten}`);
    expect(await smsTo(ten)).toEqual([`+91${ten}`]);
    expect(await codesFor(ten)).toHaveLength(1);
  });

  it.each(SPELLINGS)("/profile/mobile: %s goes to the number", async (_, spell) => {
    const customer = await createCustomer("Kavita Shinde");
    const ten = freshNumber();
    const sent = await post(
      profileMobileAction,
      "/profile/mobile",
      { intent: "send-code", phoneNumber: spell(ten) },
      customer.cookies,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/profile/mobile?number=${ten}`);
    expect(await smsTo(ten)).toEqual([`+91${ten}`]);
  });

  it.each(NOT_A_NUMBER)("refuses %j with the rule, sending nothing", async (phoneNumber) => {
    const before = (await fs.readdir(outbox)).length;
    const codesBefore = await handle.db.$count(phoneCodes);
    const refused = await post(mobileAction, "/auth/mobile", {
      intent: "send-code",
      phoneNumber,
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.result).toMatchObject({ error: { phoneNumber: [MOBILE_NUMBER_RULE] } });
    expect((await fs.readdir(outbox)).length).toBe(before);
    expect(await handle.db.$count(phoneCodes)).toBe(codesBefore);
  });
});

describe(`the spec's phones, however written, on ${DATABASE_KIND}`, () => {
  async function phoneOf(userId: string) {
    const [row] = await handle.db
      .select({ phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return row?.phone;
  }

  it.each(SPELLINGS)("the profile stores %s as the ten digits", async (_, spell) => {
    const customer = await createCustomer("Meera Kulkarni");
    const ten = freshNumber();
    const saved = await postProfile(customer.cookies, {
      intent: "update-profile",
      fullName: "Meera Kulkarni",
      phone: spell(ten),
    });
    expect(saved.status).toBe(200);
    expect(await phoneOf(customer.id)).toBe(ten);
  });

  it.each(SPELLINGS)("a saved address stores %s as the ten digits", async (_, spell) => {
    const customer = await createCustomer("Sunita Pawar");
    const ten = freshNumber();
    await postProfile(customer.cookies, { intent: "save-address", ...SATARA, phone: spell(ten) });
    const rows = await handle.db
      .select({ phone: addresses.phone })
      .from(addresses)
      .where(eq(addresses.userId, customer.id));
    expect(rows).toEqual([{ phone: ten }]);
  });

  it.each(NOT_A_NUMBER.filter((phone) => !/^\d{10}$/.test(phone)))(
    "refuses %j on the profile and an address: 400, the spec's message, nothing written",
    async (phone) => {
      const customer = await createCustomer("Ravi Shinde");
      const before = await phoneOf(customer.id);
      const profile = await postProfile(customer.cookies, {
        intent: "update-profile",
        fullName: "Ravi Shinde",
        phone,
      });
      expect(profile.status).toBe(400);
      expect(profile.body?.result?.error).toMatchObject({ phone: [ADDRESS_MESSAGES.phone] });
      expect(await phoneOf(customer.id)).toBe(before);

      const address = await postProfile(customer.cookies, {
        intent: "save-address",
        ...SATARA,
        phone,
      });
      expect(address.status).toBe(400);
      expect(address.body?.result?.error).toMatchObject({ phone: [ADDRESS_MESSAGES.phone] });
      expect(await handle.db.$count(addresses, eq(addresses.userId, customer.id))).toBe(0);
    },
  );
});
