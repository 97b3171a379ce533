import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendMail } from "~/lib/mail.server";
import { takeToast } from "~/lib/toast.server";
import { signIn, signUp } from "~/modules/accounts/credentials.server";
import {
  ADMIN_USES_EMAIL,
  confirmAddedNumber,
  sendPhoneCode,
} from "~/modules/accounts/phone-sign-in.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { getCustomerDetail } from "~/modules/customers/customers-admin.server";
import { OUTBOX_MESSAGE_FILE } from "~/modules/notifications/message-outbox.server";
import { action as profileEmailAction } from "~/routes/account/profile-email";
import {
  action as profileMobileAction,
  loader as profileMobileLoader,
} from "~/routes/account/profile-mobile";
import { loader as authLoader } from "~/routes/auth/auth";
import { action as mobileAction } from "~/routes/auth/mobile";
import { phoneCodes, profiles, rateLimits, settings, verifications } from "../../db/schema";
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

let handle: Awaited<ReturnType<typeof useTestDatabase>>;
let sentMails: { to: string; subject: string; text: string }[];
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent: sentMails } = await wireApp(handle.db));
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "sms-outbox-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
});
afterAll(async () => {
  chooseSms(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
  await handle.close();
});

const RETRY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/** Each test's own client, so the per-client limit of one test leaves the next alone. */
let testClient = "10.20.0.1";
let clientCounter = 0;

let numberCounter = 0;
/** A fresh ten-digit number for each test, so its limits start at nothing. */
function freshNumber() {
  numberCounter += 1;
  return `98${String(process.pid % 100).padStart(2, "0")}${String(numberCounter).padStart(6, "0")}`;
}

type Answer = {
  status: number;
  location: string | null;
  body: Record<string, unknown> | null;
  cookies: string[];
  toast: { title: string; description?: string } | null;
};

/** Posts one of /auth/mobile's forms from `clientIp`, as its browser would. */
async function post(fields: Record<string, string>, clientIp = testClient): Promise<Answer> {
  const request = browserRequest("/auth/mobile", [], {
    method: "POST",
    body: new URLSearchParams(fields),
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
    const cookies = outcome.headers.getSetCookie();
    const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", cookies));
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      body: null,
      cookies,
      toast,
    };
  }
  const { data, init } = outcome as { data: Record<string, unknown>; init: ResponseInit | null };
  const cookies = new Headers(init?.headers).getSetCookie();
  const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", cookies));
  return { status: init?.status ?? 200, location: null, body: data, cookies, toast };
}

/** The code of the newest SMS the outbox holds for the ten digits. */
async function codeSentTo(ten: string) {
  const files = (await fs.readdir(outbox)).filter((file) => file.includes(`-sms-91${ten}-`)).sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no SMS to ${ten}`);
  expect(newest).toMatch(OUTBOX_MESSAGE_FILE);
  const message = JSON.parse(await fs.readFile(path.join(outbox, newest), "utf8"));
  expect(message.text).toContain(message.variables.OTP);
  return message.variables.OTP as string;
}

async function smsCount(ten: string) {
  return (await fs.readdir(outbox)).filter((file) => file.includes(`-sms-91${ten}-`)).length;
}

/** Moves the number's codes back in time, as if `seconds` had passed since they were sent. */
async function age(ten: string, seconds: number) {
  await handle.db.execute(
    sql`update phone_codes set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
        where phone_number = ${`+91${ten}`}`,
  );
}

function wrong(code: string) {
  return code === "000000" ? "111111" : "000000";
}

async function signedInUser(cookies: string[]) {
  return getCurrentUser(testServices().accounts, browserRequest("/", cookies));
}

/** A new customer's whole way in: number, code, name. */
async function signUpByMobile(ten: string, fullName: string, clientIp = testClient) {
  expect((await post({ intent: "send-code", phoneNumber: ten }, clientIp)).status).toBe(302);
  const verified = await post(
    { intent: "verify", phoneNumber: ten, code: await codeSentTo(ten) },
    clientIp,
  );
  expect(verified.status).toBe(200);
  const ticket = verified.body?.ticket as string;
  return post({ intent: "create-account", phoneNumber: ten, ticket, fullName }, clientIp);
}

describe(`mobile sign-in on ${DATABASE_KIND}`, () => {
  beforeEach(async () => {
    clientCounter += 1;
    testClient = `10.20.${clientCounter}.1`;
    await handle.db.delete(rateLimits).where(like(rateLimits.key, "phone-code:shop:%"));
  });

  it("sends a code and shows the code step; a first sign-in asks the name and makes the account", async () => {
    const ten = freshNumber();
    const sent = await post({ intent: "send-code", phoneNumber: ten });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/auth/mobile?number=${ten}`);
    expect(sent.toast).toMatchObject({ title: "Code sent" });
    expect(sent.toast?.description).toContain(`+91 ${ten.slice(0, 5)} ${ten.slice(5)}`);
    const code = await codeSentTo(ten);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post({ intent: "verify", phoneNumber: ten, code });
    expect(verified.status).toBe(200);
    expect(verified.cookies.some((cookie) => cookie.includes("session_token"))).toBe(false);
    expect(verified.body).toMatchObject({ intent: "verify", phoneNumber: `+91${ten}` });
    const ticket = verified.body?.ticket as string;

    // The spec's name rules hold, and a refused name spends nothing.
    const badName = await post({
      intent: "create-account",
      phoneNumber: ten,
      ticket,
      fullName: "A",
    });
    expect(badName.status).toBe(400);
    expect(JSON.stringify(badName.body)).toContain("Name must be at least 2 characters");
    const digits = await post({
      intent: "create-account",
      phoneNumber: ten,
      ticket,
      fullName: "Asha 1",
    });
    expect(JSON.stringify(digits.body)).toContain("Name can only contain letters and spaces");
    expect(
      await handle.db
        .select()
        .from(profiles)
        .where(eq(profiles.phoneNumber, `+91${ten}`)),
    ).toEqual([]);

    const created = await post({
      intent: "create-account",
      phoneNumber: ten,
      ticket,
      fullName: "  Sunita   Jadhav ",
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/");
    expect(created.toast).toMatchObject({ title: "Account created successfully!" });
    const user = await signedInUser(created.cookies);
    expect(user).toMatchObject({ fullName: "Sunita Jadhav", phone: ten, isAdmin: false });
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ phoneNumber: `+91${ten}`, phoneNumberVerified: true });
    expect(profile!.email).toMatch(/@no-email\.invalid$/);

    // The ticket made one account; it never works again.
    const again = await post({
      intent: "create-account",
      phoneNumber: ten,
      ticket,
      fullName: "Someone Else",
    });
    expect(again.status).toBe(302);
    expect(again.toast).toMatchObject({ title: "Sign up failed" });
    expect(
      again.cookies.some(
        (cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0"),
      ),
    ).toBe(false);

    // No mail ever goes to the placeholder address.
    const before = sentMails.length;
    await sendMail(testServices().notifications.mail, {
      to: profile!.email,
      subject: "Order confirmed",
      text: "...",
    });
    expect(sentMails).toHaveLength(before);
  });

  it("signs a known number in with its code, to where the customer was going", async () => {
    const ten = freshNumber();
    const first = await signUpByMobile(ten, "Ganesh Pawar");
    const firstUser = await signedInUser(first.cookies);
    await age(ten, 31);
    expect(
      (await post({ intent: "send-code", phoneNumber: ten, redirectTo: "/cart" })).location,
    ).toBe(`/auth/mobile?number=${ten}&redirectTo=%2Fcart`);
    const signedIn = await post({
      intent: "verify",
      phoneNumber: ten,
      code: await codeSentTo(ten),
      redirectTo: "/cart",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/cart");
    expect(signedIn.toast).toMatchObject({ title: "Welcome back!" });
    expect((await signedInUser(signedIn.cookies))?.id).toBe(firstUser!.id);
  });

  it("refuses a wrong code three times, then the right one too", async () => {
    const ten = freshNumber();
    await post({ intent: "send-code", phoneNumber: ten });
    const code = await codeSentTo(ten);
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      answers.push(await post({ intent: "verify", phoneNumber: ten, code: wrong(code) }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(answers.map((answer) => answer.toast?.description)).toEqual([
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "That code is not right, and it has been tried 3 times, so it no longer works. Please ask for a new code.",
    ]);
    const right = await post({ intent: "verify", phoneNumber: ten, code });
    expect(right.status).toBe(400);
    expect(right.toast?.description).toBe("This code no longer works. Please ask for a new code.");
    expect(right.body?.ticket).toBeUndefined();
  });

  it("counts three wrong tries of a known number's code through Better Auth's verification too", async () => {
    const ten = freshNumber();
    await signUpByMobile(ten, "Vaishali More");
    await age(ten, 31);
    await post({ intent: "send-code", phoneNumber: ten });
    const code = await codeSentTo(ten);
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await post({ intent: "verify", phoneNumber: ten, code: wrong(code) });
      expect(answer.status).toBe(400);
      expect(answer.cookies.some((cookie) => cookie.includes("session_token"))).toBe(false);
    }
    const right = await post({ intent: "verify", phoneNumber: ten, code });
    expect(right.status).toBe(400);
    expect(right.toast?.description).toBe("This code no longer works. Please ask for a new code.");
  });

  it("keeps a code valid for 5 minutes and never after, and never twice", async () => {
    const ten = freshNumber();
    await post({ intent: "send-code", phoneNumber: ten });
    const [row] = await handle.db
      .select({
        seconds: sql<number>`extract(epoch from ${phoneCodes.expiresAt} - ${phoneCodes.createdAt})::int`,
      })
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, `+91${ten}`));
    expect(Number(row!.seconds)).toBe(300);
    await age(ten, 299);
    const code = await codeSentTo(ten);
    expect((await post({ intent: "verify", phoneNumber: ten, code })).status).toBe(200);
    // Used: the same code is refused.
    const reused = await post({ intent: "verify", phoneNumber: ten, code });
    expect(reused.status).toBe(400);
    expect(reused.body?.ticket).toBeUndefined();

    await post({ intent: "send-code", phoneNumber: ten });
    const late = await codeSentTo(ten);
    await age(ten, 301);
    const expired = await post({ intent: "verify", phoneNumber: ten, code: late });
    expect(expired.status).toBe(400);
    expect(expired.toast?.description).toBe("This code has expired. Please ask for a new code.");
  });

  it("sends a new code only 30 seconds after the last, and the new one replaces it", async () => {
    const ten = freshNumber();
    await post({ intent: "send-code", phoneNumber: ten });
    const first = await codeSentTo(ten);
    const tooSoon = await post({ intent: "send-code", phoneNumber: ten });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.toast?.description).toMatch(
      /^Please wait (30|29) seconds before asking for a new code\.$/,
    );
    expect(await smsCount(ten)).toBe(1);
    await age(ten, 31);
    expect((await post({ intent: "send-code", phoneNumber: ten })).status).toBe(302);
    expect(await smsCount(ten)).toBe(2);
    const second = await codeSentTo(ten);
    if (first !== second) {
      expect((await post({ intent: "verify", phoneNumber: ten, code: first })).status).toBe(400);
    }
    expect((await post({ intent: "verify", phoneNumber: ten, code: second })).status).toBe(200);
  });

  it("keeps only an HMAC of each code, and nothing in Better Auth's verifications", async () => {
    const ten = freshNumber();
    await post({ intent: "send-code", phoneNumber: ten });
    const code = await codeSentTo(ten);
    const rows = await handle.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, `+91${ten}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
    const stored = await handle.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `+91${ten}`));
    expect(stored).toEqual([]);
  });

  it("limits codes per number to 5 an hour, saying when to try again", async () => {
    const ten = freshNumber();
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push(await post({ intent: "send-code", phoneNumber: ten }, `10.21.0.${attempt + 1}`));
      await age(ten, 31);
    }
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 429]);
    expect(answers[5]!.toast?.description).toMatch(RETRY);
    expect(await smsCount(ten)).toBe(5);
  });

  it("limits codes per client to 10 an hour, an IPv6 client by its /64", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      // Each from another address of the same /64, as one IPv6 line can.
      const answer = await post(
        { intent: "send-code", phoneNumber: freshNumber() },
        `2001:db8:77:1::${(attempt + 1).toString(16)}`,
      );
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.toast?.description).toMatch(RETRY);
    }
    expect(statuses).toEqual([...Array(10).fill(302), 429]);
    // Another /64 is another client.
    const other = await post(
      { intent: "send-code", phoneNumber: freshNumber() },
      "2001:db8:77:2::1",
    );
    expect(other.status).toBe(302);
  });

  it("stops every code once the shop's hourly cap is reached", async () => {
    await handle.db.update(settings).set({ smsCodesPerHour: 3 });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const answer = await post(
          { intent: "send-code", phoneNumber: freshNumber() },
          `10.22.0.${attempt + 1}`,
        );
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.toast?.description).toMatch(RETRY);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
    } finally {
      await handle.db.update(settings).set({ smsCodesPerHour: 300 });
    }
  });

  it("refuses a number that is not a 10-digit Indian mobile, writing and sending nothing", async () => {
    for (const phoneNumber of ["", "12345", "5822012345", "98220123456", "98220abcde"]) {
      const answer = await post({ intent: "send-code", phoneNumber });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(
        /Mobile number is required|Enter a 10-digit mobile number/,
      );
    }
    const rows = await handle.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, "+915822012345"));
    expect(rows).toEqual([]);
    // A pasted "+91 98220 12345" is the same number.
    const ten = freshNumber();
    const pasted = await post({
      intent: "send-code",
      phoneNumber: `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`,
    });
    expect(pasted.location).toBe(`/auth/mobile?number=${ten}`);
    const badCode = await post({ intent: "verify", phoneNumber: ten, code: "12ab56" });
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain("The code is 6 digits");
  });

  it("does not sign an administrator in by mobile", async () => {
    const ten = freshNumber();
    await insertProfile(handle.db, { fullName: "Shop Owner", phone: ten }, { admin: true }).then(
      (admin) =>
        handle.db
          .update(profiles)
          .set({ phoneNumber: `+91${ten}`, phoneNumberVerified: true })
          .where(eq(profiles.id, admin.id)),
    );
    await post({ intent: "send-code", phoneNumber: ten });
    const answer = await post({ intent: "verify", phoneNumber: ten, code: await codeSentTo(ten) });
    expect(answer.status).toBe(403);
    expect(answer.toast?.description).toBe(ADMIN_USES_EMAIL);
    expect(answer.cookies.some((cookie) => cookie.includes("session_token"))).toBe(false);
  });

  it("lets an e-mail customer add and verify a mobile, then sign in either way", async () => {
    const email = `mobile.adder.${Date.now()}@gmail.com`;
    const created = await signUp(
      testServices().accounts,
      { fullName: "Meera Kulkarni", email, password: "meera-secret" },
      browserRequest("/auth"),
      "10.23.0.1",
    );
    if (!created.ok) throw new Error("sign-up failed");
    const ten = freshNumber();
    const sent = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: `+91${ten}`,
        purpose: "add-number",
        clientIp: "10.23.0.1",
        userId: created.userId,
      },
    );
    expect(sent.ok).toBe(true);
    const code = await codeSentTo(ten);
    // The code of one account's number does not sign anybody in.
    expect((await post({ intent: "verify", phoneNumber: ten, code })).status).toBe(400);
    const wrongTry = await confirmAddedNumber(
      { db: handle.db, secret: TEST_SECRET },
      {
        userId: created.userId,
        phoneNumber: `+91${ten}`,
        code: wrong(code),
      },
    );
    expect(wrongTry).toMatchObject({ ok: false, reason: "code" });
    expect(
      await confirmAddedNumber(
        { db: handle.db, secret: TEST_SECRET },
        {
          userId: created.userId,
          phoneNumber: `+91${ten}`,
          code,
        },
      ),
    ).toEqual({ ok: true });
    const [profile] = await handle.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, created.userId));
    expect(profile).toMatchObject({
      email,
      phoneNumber: `+91${ten}`,
      phoneNumberVerified: true,
      phone: ten,
    });

    await age(ten, 31);
    await post({ intent: "send-code", phoneNumber: ten });
    const signedIn = await post({
      intent: "verify",
      phoneNumber: ten,
      code: await codeSentTo(ten),
    });
    expect(signedIn.status).toBe(302);
    expect((await signedInUser(signedIn.cookies))?.id).toBe(created.userId);
  });

  it("refuses a number another account already signs in with, before any SMS, and at the code if it was taken meanwhile", async () => {
    const ten = freshNumber();
    await signUpByMobile(ten, "Rahul Shinde");
    const other = await insertProfile(handle.db, { fullName: "Kavita Shinde" });
    const sms = await smsCount(ten);
    const refused = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: `+91${ten}`,
        purpose: "add-number",
        clientIp: "10.24.0.1",
        userId: other.id,
      },
    );
    expect(refused).toMatchObject({ ok: false, reason: "taken" });
    expect(await smsCount(ten)).toBe(sms);

    // A number free when its code was sent, taken by another account before the code came back.
    const later = freshNumber();
    await sendPhoneCode({ db: handle.db, secret: TEST_SECRET }, testServices().notifications.sms, {
      phoneNumber: `+91${later}`,
      purpose: "add-number",
      clientIp: "10.24.0.1",
      userId: other.id,
    });
    const taker = await insertProfile(handle.db, { fullName: "Suresh Shinde" });
    await handle.db
      .update(profiles)
      .set({ phoneNumber: `+91${later}`, phoneNumberVerified: true })
      .where(eq(profiles.id, taker.id));
    const outcome = await confirmAddedNumber(
      { db: handle.db, secret: TEST_SECRET },
      {
        userId: other.id,
        phoneNumber: `+91${later}`,
        code: await codeSentTo(later),
      },
    );
    expect(outcome).toMatchObject({ ok: false, reason: "taken" });
    const [row] = await handle.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(row!.phoneNumber).toBeNull();
  });

  it("uses a right code once when two tries of it arrive together", async () => {
    const ten = freshNumber();
    await post({ intent: "send-code", phoneNumber: ten });
    const code = await codeSentTo(ten);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post({ intent: "verify", phoneNumber: ten, code })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(3);
  });

  it("adds a mobile on the profile's page, then the customer signs in by mobile; an administrator may not", async () => {
    const email = `profile.mobile.${Date.now()}@gmail.com`;
    const created = await signUp(
      testServices().accounts,
      { fullName: "Anand Deshmukh", email, password: "anand-secret" },
      browserRequest("/auth"),
      "10.25.0.1",
    );
    if (!created.ok) throw new Error("sign-up failed");
    const cookies = created.headers.getSetCookie();
    const ten = freshNumber();
    const bad = await callRouteAt(profileMobileAction, "/profile/mobile", cookies, {
      intent: "send-code",
      phoneNumber: "12345",
    });
    expect(bad.status).toBe(400);
    const sent = await callRouteAt(profileMobileAction, "/profile/mobile", cookies, {
      intent: "send-code",
      phoneNumber: ten,
    });
    expect(sent.location).toBe(`/profile/mobile?number=${ten}`);
    // A new code at once is refused as on the sign-in page: 429 and the wait, under the form.
    const tooSoon = await callRouteAt<{
      intent: string;
      result: { error: Record<string, string[]> };
    }>(profileMobileAction, `/profile/mobile?number=${ten}`, cookies, {
      intent: "send-code",
      phoneNumber: ten,
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.toast).toMatchObject({ type: "error", title: "Code not sent" });
    expect(tooSoon.body?.intent).toBe("send-code");
    expect(tooSoon.body?.result.error[""]).toEqual([tooSoon.toast?.description]);
    expect(tooSoon.toast?.description).toMatch(
      /^Please wait \d+ seconds? before asking for a new code\.$/,
    );
    const added = await callRouteAt(profileMobileAction, `/profile/mobile?number=${ten}`, cookies, {
      intent: "verify",
      phoneNumber: ten,
      code: await codeSentTo(ten),
    });
    expect(added.location).toBe("/profile/mobile");
    const page = await callRouteAt<{ current: string }>(
      profileMobileLoader,
      "/profile/mobile",
      cookies,
    );
    expect(page.body?.current).toBe(`+91 ${ten.slice(0, 5)} ${ten.slice(5)}`);

    const admin = await createAdmin(handle.db);
    const refused = await callRouteAt(profileMobileAction, "/profile/mobile", admin.cookies, {
      intent: "send-code",
      phoneNumber: freshNumber(),
    });
    expect(refused.status).toBe(403);
    expect(refused.toast?.description).toBe(ADMIN_USES_EMAIL);
    const signedOut = await callRouteAt(profileMobileLoader, "/profile/mobile", []);
    expect(signedOut.location).toMatch(/^\/auth/);
  });

  it("shows the back office no address for a mobile-only customer, and theirs for an e-mail one", async () => {
    const ten = freshNumber();
    const created = await signUpByMobile(ten, "Lata Gaikwad");
    const user = await signedInUser(created.cookies);
    const detail = await getCustomerDetail(handle.db, user!.id);
    expect(detail).toMatchObject({ fullName: "Lata Gaikwad", email: "", phone: ten });
    const other = await insertProfile(handle.db, {
      fullName: "Nisha Patil",
      email: "nisha.p@gmail.com",
    });
    expect((await getCustomerDetail(handle.db, other.id))?.email).toBe("nisha.p@gmail.com");
  });

  it("lets a mobile-only customer add an e-mail address, confirmed by a mailed link, then sign in either way", async () => {
    const ten = freshNumber();
    const created = await signUpByMobile(ten, "Prakash Salunkhe");
    const cookies = created.cookies;
    const user = await signedInUser(cookies);
    expect(user?.email).toMatch(/no-email\.invalid$/);
    const badProvider = await callRouteAt(profileMobileAction, "/profile/mobile", cookies, {
      intent: "add-email",
      email: "prakash@unknown-provider.example",
      password: "prakash-secret",
    });
    expect(badProvider.status).toBe(400);
    const taken = await callRouteAt(profileMobileAction, "/profile/mobile", cookies, {
      intent: "add-email",
      email: (await insertProfile(handle.db, { fullName: "Taken Address" })).email,
      password: "prakash-secret",
    });
    expect(taken.status).toBe(409);

    const email = `prakash.${Date.now()}@gmail.com`;
    const before = sentMails.length;
    const asked = await callRouteAt(profileMobileAction, "/profile/mobile", cookies, {
      intent: "add-email",
      email,
      password: "prakash-secret",
    });
    expect(asked.location).toBe("/profile/mobile");
    const mail = sentMails.slice(before).find((message) => message.to === email);
    expect(mail?.subject).toBe("Confirm your e-mail address");
    const token = /\/profile\/email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    // Until the link is opened the address is not theirs.
    expect((await signedInUser(cookies))?.email).not.toBe(email);

    // A token not of the link's shape is refused where it is read, and spends nothing.
    const waiting = () =>
      handle.db
        .select({ identifier: verifications.identifier })
        .from(verifications)
        .where(sql`${verifications.identifier} like 'add-email:%'`);
    const pending = await waiting();
    expect(pending).toHaveLength(1);
    for (const malformed of [
      "",
      token!.slice(1),
      `${token}A`,
      `${token!.slice(1)}+`,
      `${token!.slice(1)}\u0000`,
    ]) {
      const refused = await callRouteAt(profileEmailAction, "/profile/email", [], {
        token: malformed,
      });
      expect(refused.status).toBe(400);
      expect(refused.toast).toMatchObject({
        type: "error",
        title: "E-mail address not added",
        description: "This link is invalid or has expired. Please add your e-mail address again.",
      });
    }
    const missing = await callRouteAt(profileEmailAction, "/profile/email", [], {});
    expect(missing.status).toBe(400);
    expect(await waiting()).toEqual(pending);
    expect((await signedInUser(cookies))?.email).not.toBe(email);

    const confirmed = await callRouteAt(profileEmailAction, "/profile/email", [], {
      token: token!,
    });
    expect(confirmed.location).toBe("/profile");
    const again = await callRouteAt(profileEmailAction, "/profile/email", [], { token: token! });
    expect(again.location).toBe("/profile/mobile");

    const byEmail = await signIn(
      testServices().accounts,
      { email, password: "prakash-secret" },
      browserRequest("/auth"),
      "10.26.0.1",
    );
    expect(byEmail.ok && byEmail.userId).toBe(user!.id);
    await age(ten, 31);
    await post({ intent: "send-code", phoneNumber: ten });
    const byMobile = await post({
      intent: "verify",
      phoneNumber: ten,
      code: await codeSentTo(ten),
    });
    expect((await signedInUser(byMobile.cookies))?.id).toBe(user!.id);
  });

  it("offers no mobile sign-in with SMS=off, and sends nothing", async () => {
    chooseSms({ mode: "off" });
    try {
      const ten = freshNumber();
      const answer = await post({ intent: "send-code", phoneNumber: ten });
      expect(answer).toMatchObject({ status: 302, location: "/auth" });
      expect(await smsCount(ten)).toBe(0);
      const page = await callRouteAt(authLoader, "/auth");
      expect(page.body).toMatchObject({ mobileSignIn: false });
    } finally {
      chooseSms({ mode: "outbox", outboxDir: outbox });
    }
    expect((await callRouteAt(authLoader, "/auth")).body).toMatchObject({ mobileSignIn: true });
  });
});
