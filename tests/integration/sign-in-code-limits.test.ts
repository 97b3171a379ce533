import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInCodeRefusals, signInCodesSent } from "~/lib/metrics.server";
import { takeToast } from "~/lib/toast.server";
import { signUp } from "~/modules/accounts/credentials.server";
import {
  NUMBER_TAKEN,
  PHONE_CODE_LIMITS,
  sendPhoneCode,
  VERIFY_LIMITS,
} from "~/modules/accounts/phone-sign-in.server";
import { SIGN_IN_CAP_MAIL } from "~/modules/accounts/sign-in-code-caps.server";
import { sendDueMails } from "~/modules/notifications/mail-outbox.server";
import { action as profileMobileAction } from "~/routes/account/profile-mobile";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as mobileAction } from "~/routes/auth/mobile";
import { backgroundJobs, phoneCodes, profiles, rateLimits, settings } from "../../db/schema";
import { callRouteAt, createAdmin, insertProfile } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import {
  chooseSms,
  routeContext,
  TEST_SECRET,
  TEST_SIGNER,
  testServices,
} from "./support/services";

/**
 * The limits that keep mobile sign-in codes from being pumped or used to lock customers out
 * (docs/decisions/068). Hours are not waited for: counters are seeded or cleared in the table.
 */

const SHOP_ADDRESS = "owner@satara-ayurveda.example";
let handle: Awaited<ReturnType<typeof useTestDatabase>>;
let sentMails: { to: string; subject: string; text: string }[];
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  ({ sent: sentMails } = await wireApp(handle.db));
  await handle.db.update(settings).set({ email: SHOP_ADDRESS });
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "sms-limits-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
});
afterAll(async () => {
  chooseSms(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(rateLimits).where(like(rateLimits.key, "phone-code:shop:%"));
  await handle.db.update(settings).set({ smsCodesPerHour: 300 });
});

const RETRY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

let numberCounter = 0;
/** A ten-digit number no other test uses. */
function freshNumber() {
  numberCounter += 1;
  return `87${String(process.pid % 100).padStart(2, "0")}${String(numberCounter).padStart(6, "0")}`;
}

let networkCounter = 0;
/** A /48 (as its first three groups) and a /24 (its first three numbers) no other test uses. */
function freshNetworks() {
  networkCounter += 1;
  return {
    v6: `2001:db8:${(0x4000 + networkCounter).toString(16)}`,
    v4: `10.${60 + Math.floor(networkCounter / 250)}.${networkCounter % 250}`,
  };
}

/** A number an account signs in with. */
async function knownNumber() {
  const ten = freshNumber();
  const profile = await insertProfile(handle.db, { fullName: "Sadhana Jagtap" });
  await handle.db
    .update(profiles)
    .set({ phoneNumber: `+91${ten}`, phoneNumberVerified: true })
    .where(eq(profiles.id, profile.id));
  return ten;
}

function send(ten: string, clientIp: string) {
  return sendPhoneCode({ db: handle.db, secret: TEST_SECRET }, testServices().notifications.sms, {
    phoneNumber: `+91${ten}`,
    purpose: "sign-in",
    clientIp,
  });
}

async function smsCount(ten: string) {
  return (await fs.readdir(outbox)).filter((file) => file.includes(`-sms-91${ten}-`)).length;
}

async function codeSentTo(ten: string) {
  const files = (await fs.readdir(outbox)).filter((file) => file.includes(`-sms-91${ten}-`)).sort();
  const message = JSON.parse(await fs.readFile(path.join(outbox, files.at(-1)!), "utf8"));
  return message.variables.OTP as string;
}

function wrong(code: string) {
  return code === "000000" ? "111111" : "000000";
}

/** Posts /auth/mobile's code form from `clientIp`, as its browser would. */
async function verify(ten: string, code: string, clientIp: string) {
  const request = browserRequest("/auth/mobile", [], {
    method: "POST",
    body: new URLSearchParams({ intent: "verify", phoneNumber: ten, code }),
  });
  let outcome: unknown;
  try {
    outcome = await mobileAction({
      request,
      params: {},
      context: routeContext(clientIp),
    } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const signedIn = outcome.headers
      .getSetCookie()
      .some((cookie) => cookie.includes("session_token="));
    return { status: outcome.status, signedIn, ticket: undefined, message: undefined };
  }
  const { data, init } = outcome as { data: Record<string, unknown>; init: ResponseInit | null };
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/", new Headers(init?.headers).getSetCookie()),
  );
  return {
    status: init?.status ?? 200,
    signedIn: false,
    ticket: data.ticket as string | undefined,
    message: toast?.description,
  };
}

/** Counts a limit's key as if `count` attempts had been made this hour. */
async function seedCount(key: string, count: number) {
  await handle.db
    .insert(rateLimits)
    .values({ key, count, resetAt: sql`now() + interval '1 hour'` })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count } });
}

async function metricValue(
  metric: typeof signInCodesSent | typeof signInCodeRefusals,
  labels: Record<string, string>,
) {
  const { values } = await metric.get();
  return (
    values.find((value) =>
      Object.entries(labels).every(([name, label]) => (value.labels as never)[name] === label),
    )?.value ?? 0
  );
}

describe(`sign-in code limits on ${DATABASE_KIND}`, () => {
  it("counts codes by the client's /48: rotating /64s inside one gains nothing past 30, another /48 is another network", async () => {
    const { v6 } = freshNetworks();
    const outcomes = [];
    for (let i = 0; i < 31; i++) {
      outcomes.push(await send(freshNumber(), `${v6}:${(i + 1).toString(16)}::1`));
    }
    expect(outcomes.slice(0, 30).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes[30]).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(!outcomes[30]!.ok && outcomes[30]!.message).toMatch(RETRY);
    expect((await send(freshNumber(), `${freshNetworks().v6}:1::1`)).ok).toBe(true);
  });

  it("counts codes by the client's IPv4 /24 the same way", async () => {
    const { v4 } = freshNetworks();
    const before = await metricValue(signInCodeRefusals, { step: "send", limit: "v4/24" });
    const outcomes = [];
    for (let i = 0; i < 31; i++) outcomes.push(await send(freshNumber(), `${v4}.${i + 1}`));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(30);
    expect(outcomes[30]).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await metricValue(signInCodeRefusals, { step: "send", limit: "v4/24" })).toBe(
      before + 1,
    );
  });

  it("keeps a network's codes to customers' numbers apart from its codes to new numbers", async () => {
    const { v6 } = freshNetworks();
    await seedCount(`phone-code:new:net:${v6}::/48`, PHONE_CODE_LIMITS.perNetwork["v6/48"].limit);
    expect(await send(freshNumber(), `${v6}:99::1`)).toMatchObject({ ok: false });
    const ten = await knownNumber();
    expect((await send(ten, `${v6}:98::1`)).ok).toBe(true);
    expect(await smsCount(ten)).toBe(1);
  });

  it("counts codes by the client's /32 with a carrier's allowance", async () => {
    const v32 = `2001:${(0xe000 + networkCounter).toString(16)}`;
    networkCounter += 1;
    expect((await send(freshNumber(), `${v32}:1:1::1`)).ok).toBe(true);
    await seedCount(`phone-code:new:net:${v32}::/32`, PHONE_CODE_LIMITS.perNetwork["v6/32"].limit);
    // A /48 of its own, a /64 of its own: still the same /32.
    const refused = await send(freshNumber(), `${v32}:2:1::1`);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("splits the shop's hourly cap: new numbers use up only theirs, customers still get codes, and the owner is told once", async () => {
    await handle.db.update(settings).set({ smsCodesPerHour: 3 });
    const sentNew = await metricValue(signInCodesSent, { kind: "new" });
    const sentKnown = await metricValue(signInCodesSent, { kind: "known" });
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(await send(freshNumber(), `${freshNetworks().v4}.1`));
    }
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, false, false]);
    expect(await metricValue(signInCodesSent, { kind: "new" })).toBe(sentNew + 3);

    const ten = await knownNumber();
    expect((await send(ten, `${freshNetworks().v4}.1`)).ok).toBe(true);
    expect(await metricValue(signInCodesSent, { kind: "known" })).toBe(sentKnown + 1);

    // Two refusals, one mail, to the shop's address.
    const jobs = await handle.db
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(like(backgroundJobs.key, `${SIGN_IN_CAP_MAIL}:%`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.key).toMatch(/^sign-in-code-cap:new:/);
    const before = sentMails.length;
    await sendDueMails(handle.db, testServices());
    const mails = sentMails.slice(before).filter((mail) => mail.to === SHOP_ADDRESS);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Sign-in codes to new numbers stopped until /);
    expect(mails[0]!.text).toContain("The shop has sent 3 sign-in codes by SMS to new numbers");
    expect(mails[0]!.text).toContain("Codes to customers' numbers still go out");

    // The dashboard says so while it holds.
    const admin = await createAdmin(handle.db);
    const dashboard = await callRouteAt<{ codeStops: { kind: string; cap: number }[] }>(
      dashboardLoader,
      "/admin/dashboard",
      admin.cookies,
    );
    expect(dashboard.body?.codeStops).toMatchObject([{ kind: "new", cap: 3 }]);
    await handle.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, "phone-code:shop:new"));
    const later = await callRouteAt<{ codeStops: unknown[] }>(
      dashboardLoader,
      "/admin/dashboard",
      admin.cookies,
    );
    expect(later.body?.codeStops).toEqual([]);
  });

  it("stops codes to customers' numbers at their own budget, and new numbers still get theirs", async () => {
    await handle.db.update(settings).set({ smsCodesPerHour: 2 });
    await seedCount("phone-code:shop:known", 2);
    const refused = await send(await knownNumber(), `${freshNetworks().v4}.1`);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
    expect((await send(freshNumber(), `${freshNetworks().v4}.1`)).ok).toBe(true);
    const jobs = await handle.db
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(like(backgroundJobs.key, `${SIGN_IN_CAP_MAIL}:known:%`));
    expect(jobs).toHaveLength(1);
  });

  it("limits code tries per client to 20 an hour, before the code is looked at", async () => {
    const ten = freshNumber();
    const asker = `${freshNetworks().v4}.1`;
    await send(ten, asker);
    const guesser = `${freshNetworks().v4}.1`;
    const statuses = [];
    for (let i = 0; i < VERIFY_LIMITS.perClient.limit; i++) {
      statuses.push((await verify(freshNumber(), "123456", guesser)).status);
    }
    expect(statuses).toEqual(Array(20).fill(400));
    const refused = await verify(ten, wrong(await codeSentTo(ten)), guesser);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(RETRY);
    const [row] = await handle.db
      .select({ attempts: phoneCodes.attempts, stranger: phoneCodes.strangerAttempts })
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, `+91${ten}`));
    expect(row).toEqual({ attempts: 0, stranger: 0 });
    // The customer's own tries are their client's.
    expect((await verify(ten, await codeSentTo(ten), asker)).status).toBe(200);
  });

  it("limits code tries per /48 and per /24 too", async () => {
    const { v6, v4 } = freshNetworks();
    await seedCount(`phone-verify:net:${v6}::/48`, VERIFY_LIMITS.perNetwork["v6/48"].limit);
    await seedCount(`phone-verify:net:${v4}.0/24`, VERIFY_LIMITS.perNetwork["v4/24"].limit);
    expect((await verify(freshNumber(), "123456", `${v6}:77::1`)).status).toBe(429);
    expect((await verify(freshNumber(), "123456", `${v4}.77`)).status).toBe(429);
    expect((await verify(freshNumber(), "123456", `${freshNetworks().v4}.77`)).status).toBe(400);
  });

  it("does not let strangers spend a customer's code: their three wrong tries close it to them only", async () => {
    const ten = await knownNumber();
    const asker = `${freshNetworks().v4}.1`;
    await send(ten, asker);
    const code = await codeSentTo(ten);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await verify(ten, wrong(code), `${freshNetworks().v4}.1`));
    }
    expect(answers.map((answer) => answer.message)).toEqual([
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "That code is not right, and it has been tried 3 times, so it no longer works. Please ask for a new code.",
    ]);
    // Closed to strangers: even the right code is not compared.
    const stranger = await verify(ten, code, `${freshNetworks().v4}.1`);
    expect(stranger.status).toBe(400);
    expect(stranger.signedIn).toBe(false);
    // The customer's own three tries are untouched, and the right code signs in.
    expect((await verify(ten, wrong(code), asker)).message).toBe(
      "That code is not right. 2 tries left.",
    );
    const owner = await verify(ten, code, asker);
    expect(owner).toMatchObject({ status: 302, signedIn: true });
  });

  it("takes the right code from another network than the one that asked, as when a phone leaves its Wi-Fi", async () => {
    const ten = freshNumber();
    await send(ten, `${freshNetworks().v4}.1`);
    const answer = await verify(ten, await codeSentTo(ten), `${freshNetworks().v6}:1::1`);
    expect(answer.status).toBe(200);
    expect(answer.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses to add another account's number before any SMS, and limits an account's numbers to 5 an hour", async () => {
    const taken = await knownNumber();
    const created = await signUp(
      testServices().accounts,
      {
        fullName: "Kiran Bhosale",
        email: `adder.${Date.now()}@gmail.com`,
        password: "kiran-secret",
      },
      browserRequest("/auth"),
      "10.59.0.1",
    );
    if (!created.ok) throw new Error("sign-up failed");
    const cookies = created.headers.getSetCookie();
    const answer = await callRouteAt<{ result: { error: Record<string, string[]> } }>(
      profileMobileAction,
      "/profile/mobile",
      cookies,
      { intent: "send-code", phoneNumber: taken },
    );
    expect(answer.status).toBe(409);
    expect(answer.toast).toMatchObject({ title: "Code not sent", description: NUMBER_TAKEN });
    expect(answer.body?.result.error[""]).toEqual([NUMBER_TAKEN]);
    expect(await smsCount(taken)).toBe(0);
    expect(
      await handle.db
        .select()
        .from(phoneCodes)
        .where(
          and(eq(phoneCodes.phoneNumber, `+91${taken}`), eq(phoneCodes.purpose, "add-number")),
        ),
    ).toEqual([]);

    // Asking about numbers is bounded: five an hour, the refused one among them.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await sendPhoneCode(
        { db: handle.db, secret: TEST_SECRET },
        testServices().notifications.sms,
        {
          phoneNumber: `+91${freshNumber()}`,
          purpose: "add-number",
          clientIp: `${freshNetworks().v4}.1`,
          userId: created.userId,
        },
      );
      statuses.push(outcome.ok ? "sent" : outcome.reason);
    }
    expect(statuses).toEqual(["sent", "sent", "sent", "sent", "rate-limited"]);
  });

  it("holds the /48's allowance when its codes are asked all at once", async () => {
    const { v6 } = freshNetworks();
    const outcomes = await Promise.all(
      Array.from({ length: 36 }, (_, i) => send(freshNumber(), `${v6}:${(i + 1).toString(16)}::1`)),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(30);
    const [row] = await handle.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `phone-code:new:net:${v6}::/48`));
    expect(row?.count).toBe(36);
  });
});
