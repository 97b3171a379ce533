import { describe, expect, it } from "vitest";
import {
  actionFailure,
  actionSuccess,
  appErrorFailure,
  firstErrorMessage,
  refusal,
  replyWithRefusal,
  respondWithProblem,
  respondWithToast,
  runIntent,
} from "./action-result.server";
import { AppError } from "./app-error";
import { createSigner } from "./signer.server";
import { takeToast } from "./toast.server";

type Answer = { data: unknown; init: ResponseInit | null };

/** The body, the status and the toast the browser would see on its next page. */
async function read(answer: Answer) {
  const headers = new Headers(answer.init?.headers);
  const cookie = headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const request = new Request("http://shop.test/", { headers: { Cookie: cookie } });
  const { toast } = await takeToast(signer, request);
  return { body: answer.data, status: answer.init?.status, toast };
}

const signer = createSigner("a-secret-long-enough-for-signing-cookies-0123", "http://shop.test");

describe("actionFailure", () => {
  it("answers { ok: false, ...body } with the status and an error toast", async () => {
    const answer = await actionFailure(
      signer,
      { status: 409, title: "Error", message: "This coupon no longer exists" },
      { intent: "update" },
    );
    expect(await read(answer)).toEqual({
      body: { ok: false, intent: "update" },
      status: 409,
      toast: { type: "error", title: "Error", description: "This coupon no longer exists" },
    });
  });

  it("leaves the description out when there is no message", async () => {
    const answer = await actionFailure(signer, { status: 400, title: "Invalid rating" });
    expect(await read(answer)).toEqual({
      body: { ok: false },
      status: 400,
      toast: { type: "error", title: "Invalid rating" },
    });
  });
});

describe("respondWithProblem", () => {
  it("sends the page's own body, without an ok flag, with the status and error toast", async () => {
    const problem = refusal("Too many attempts", { status: 429, title: "Sign in failed" });
    expect(await read(await respondWithProblem(signer, problem, { intent: "sign-in" }))).toEqual({
      body: { intent: "sign-in" },
      status: 429,
      toast: { type: "error", title: "Sign in failed", description: "Too many attempts" },
    });
  });
});

describe("actionSuccess", () => {
  it("answers { ok: true, ...body } with the toast", async () => {
    const answer = await actionSuccess(
      signer,
      { type: "success", title: "Coupon created successfully" },
      {
        intent: "create",
      },
    );
    expect(await read(answer)).toEqual({
      body: { ok: true, intent: "create" },
      status: undefined,
      toast: { type: "success", title: "Coupon created successfully" },
    });
  });
});

describe("respondWithToast", () => {
  it("sends the body as it is and keeps headers already set", async () => {
    const headers = new Headers({ "Set-Cookie": "session=1; Path=/" });
    const answer = await respondWithToast(
      signer,
      { type: "error", title: "Sign in failed", description: "Invalid email or password" },
      { intent: "sign-in" },
      { status: 429, headers },
    );
    expect(answer.data).toEqual({ intent: "sign-in" });
    expect(answer.init?.status).toBe(429);
    const cookies = new Headers(answer.init?.headers).getSetCookie();
    expect(cookies[0]).toBe("session=1; Path=/");
    expect(cookies).toHaveLength(2);
  });
});

describe("appErrorFailure", () => {
  it("answers a thrown refusal with its own status, title and message", async () => {
    const error = new AppError("Order SA-1 is cancelled and cannot be shipped", { status: 409 });
    expect(await read(await appErrorFailure(signer, error, { intent: "tracking" }))).toEqual({
      body: { ok: false, intent: "tracking" },
      status: 409,
      toast: {
        type: "error",
        title: "Error",
        description: "Order SA-1 is cancelled and cannot be shipped",
      },
    });
  });

  it("takes the page's own title when given one", async () => {
    const error = new AppError("Out of stock", { status: 409, title: "Order failed" });
    const { toast, status } = await read(
      await appErrorFailure(signer, error, {}, { title: "Payment Error" }),
    );
    expect(status).toBe(409);
    expect(toast).toEqual({ type: "error", title: "Payment Error", description: "Out of stock" });
  });
});

describe("firstErrorMessage", () => {
  it("is the first message of the first field that has one", () => {
    expect(
      firstErrorMessage(
        { name: null, slug: ["Slug is required", "Too short"], price: ["Bad"] },
        "x",
      ),
    ).toBe("Slug is required");
  });

  it("falls back when there is no message", () => {
    expect(firstErrorMessage(undefined, "Please check the form")).toBe("Please check the form");
    expect(firstErrorMessage({}, "Please check the form")).toBe("Please check the form");
  });
});

describe("refusal", () => {
  it("is a 400 'Error' unless told otherwise", () => {
    expect(refusal("Unknown action")).toEqual({
      status: 400,
      title: "Error",
      message: "Unknown action",
    });
    expect(refusal("Gone", { status: 404, title: "Update failed" })).toEqual({
      status: 404,
      title: "Update failed",
      message: "Gone",
    });
  });
});

describe("replyWithRefusal", () => {
  const submission = { reply: (options: object) => options };

  it("puts a refusal about a field beside that field", () => {
    const error = new AppError("A category with that slug already exists", { field: "slug" });
    expect(replyWithRefusal(submission, error)).toEqual({
      fieldErrors: { slug: ["A category with that slug already exists"] },
    });
  });

  it("puts any other refusal above the form", () => {
    const error = new AppError("This category no longer exists");
    expect(replyWithRefusal(submission, error)).toEqual({
      formErrors: ["This category no longer exists"],
    });
  });
});

describe("runIntent", () => {
  const handlers = {
    save: async () => ({ data: { ok: true, saved: 1 }, init: null }),
    refuse: async (): Promise<Answer> => {
      throw new AppError("That coupon could not be found", { status: 404 });
    },
    crash: async (): Promise<Answer> => {
      throw new Error("database down");
    },
  };

  it("answers with the handler the intent names", async () => {
    expect(await runIntent(signer, "save", handlers)).toEqual({
      data: { ok: true, saved: 1 },
      init: null,
    });
  });

  it("refuses an unknown or missing intent, and names on the object's prototype, running nothing", async () => {
    const ran: string[] = [];
    const watched = {
      save: async () => {
        ran.push("save");
        return { data: { ok: true }, init: null };
      },
    };
    for (const intent of ["publish", "", null, "toString", "__proto__", "hasOwnProperty"]) {
      expect(await read(await runIntent(signer, intent, watched))).toEqual({
        body: { ok: false, intent: null },
        status: 400,
        toast: { type: "error", title: "Error", description: "Unknown action" },
      });
    }
    expect(ran).toEqual([]);
  });

  it("answers a refusal the handler throws as a failure naming the intent", async () => {
    expect(await read((await runIntent(signer, "refuse", handlers)) as Answer)).toEqual({
      body: { ok: false, intent: "refuse" },
      status: 404,
      toast: { type: "error", title: "Error", description: "That coupon could not be found" },
    });
  });

  it("lets any other error through", async () => {
    await expect(runIntent(signer, "crash", handlers)).rejects.toThrow("database down");
  });
});
