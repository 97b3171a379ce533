import { describe, expect, it, vi } from "vitest";
import { saveSettingsForm } from "./settings-save.server";
import { createSigner } from "./signer.server";
import { takeToast } from "./toast.server";

type Answer = { data: unknown; init: ResponseInit | null };

/** The body, the status and the toast the browser would see on its next page. */
async function read(answer: Answer) {
  const cookie = new Headers(answer.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
  const { toast } = await takeToast(
    signer,
    new Request("http://shop.test/", { headers: { Cookie: cookie } }),
  );
  return { body: answer.data, status: answer.init?.status, toast };
}

const reply = { status: "success" as const };
const options = (changed: string[]) => ({
  title: "Settings saved",
  save: vi.fn(async (_value: { shopName: string }) => changed),
  label: (field: string) => field.toUpperCase(),
});

const signer = createSigner("a-secret-long-enough-for-signing-cookies-0123", "http://shop.test");

describe("saveSettingsForm", () => {
  it("sends a form with fields in error back with their messages, saving nothing", async () => {
    const refused = { status: "error" as const, reply: () => ({ error: { shopName: ["Short"] } }) };
    const given = options(["shopName"]);
    expect(await read(await saveSettingsForm(signer, refused, given))).toEqual({
      body: { ok: false, result: { error: { shopName: ["Short"] } } },
      status: 400,
      toast: {
        type: "error",
        title: "Error",
        description: "Please correct the highlighted fields",
      },
    });
    expect(given.save).not.toHaveBeenCalled();
  });

  it("saves the value and names the changed fields by their labels", async () => {
    const given = options(["shopName", "phone"]);
    const answer = await saveSettingsForm(
      signer,
      { status: "success", value: { shopName: "Satara" }, reply: () => reply },
      given,
    );
    expect(given.save).toHaveBeenCalledWith({ shopName: "Satara" });
    expect(await read(answer)).toEqual({
      body: { ok: true, result: reply },
      status: undefined,
      toast: { type: "success", title: "Settings saved", description: "Changed: SHOPNAME, PHONE" },
    });
  });

  it("says so when nothing had changed", async () => {
    const answer = await saveSettingsForm(
      signer,
      { status: "success", value: { shopName: "Satara" }, reply: () => reply },
      options([]),
    );
    expect((await read(answer)).toast).toEqual({
      type: "success",
      title: "Settings saved",
      description: "Nothing had changed",
    });
  });
});
