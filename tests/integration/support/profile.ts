import { takeToast } from "~/lib/toast.server";
import { signIn, signUp } from "~/modules/accounts/credentials.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { browserRequest } from "./app";
import { routeContext, TEST_SIGNER, testServices } from "./services";

export type Customer = { id: string; cookies: string[]; email: string };

let counter = 0;

/** Signs a new customer up and in; the cookies stand for their browser. */
export async function createCustomer(fullName = "Asha Patil"): Promise<Customer> {
  counter += 1;
  const email = `profile.tester.${counter}.${Date.now()}@gmail.com`;
  await signUp(
    testServices().accounts,
    { fullName, email, password: "secret1" },
    browserRequest("/auth"),
    "10.0.0.7",
  );
  const result = await signIn(
    testServices().accounts,
    { email, password: "secret1" },
    browserRequest("/auth"),
    "10.0.0.7",
  );
  if (!result.ok) throw new Error("sign-in failed");
  return { id: result.userId, cookies: result.headers.getSetCookie(), email };
}

const context = () => routeContext();

type ActionBody = { ok: boolean; intent: string | null; result?: { error?: unknown } };

/** Posts a form to /profile as a browser would, and reads the answer and its toast. */
export async function postProfile(cookies: string[], fields: Record<string, string>) {
  const request = browserRequest("/profile?tab=addresses", cookies, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  let response: unknown;
  try {
    response = await profileAction({ request, params: {}, context: context() } as never);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  if (response instanceof Response) {
    return {
      status: response.status,
      location: response.headers.get("Location"),
      body: null,
      toast: null,
    };
  }
  const { data, init } = response as { data: ActionBody; init: ResponseInit | null };
  const cookie = new Headers(init?.headers).get("Set-Cookie");
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/profile", cookie ? [cookie] : []),
  );
  return { status: init?.status ?? 200, location: null, body: data, toast };
}

/** The /profile loader's data for this browser. */
export async function loadProfile(cookies: string[], path = "/profile") {
  return profileLoader({
    request: browserRequest(path, cookies),
    params: {},
    context: context(),
  } as never);
}

export const SATARA = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: "",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};
