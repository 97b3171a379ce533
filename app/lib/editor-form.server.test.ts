import { describe, expect, it, vi } from "vitest";
import { z } from "~/domain/zod";
import { AppError } from "./app-error";
import { saveEditorForm } from "./editor-form.server";
import { createSigner } from "./signer.server";

class NameTaken extends AppError {}

const schema = z.object({ name: z.string({ error: "Enter a name" }) });

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return formData;
}

const editor = { schema, intent: "create" as const, refusedBy: NameTaken };

const signer = createSigner("a-secret-long-enough-for-signing-cookies-0123", "http://shop.test");

describe("saveEditorForm", () => {
  it("answers with what save answers, given the parsed value", async () => {
    const save = vi.fn(async (value: { name: string }) => `saved ${value.name}`);
    expect(await saveEditorForm(signer, form({ name: "Tulsi" }), editor, save)).toBe("saved Tulsi");
    expect(save).toHaveBeenCalledWith({ name: "Tulsi" });
  });

  it("refuses a form that does not parse with its first message, and never saves", async () => {
    const save = vi.fn(async () => "saved");
    const answer = await saveEditorForm(signer, form({}), editor, save);
    expect(save).not.toHaveBeenCalled();
    if (typeof answer === "string") throw new Error("saved");
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, intent: "create" });
    expect(answer.data.result).toMatchObject({ error: { name: ["Enter a name"] } });
  });

  it("answers the service's refusal beside its field, with its status", async () => {
    const refused = new NameTaken("That name is taken", { status: 409, field: "name" });
    const answer = await saveEditorForm(signer, form({ name: "Tulsi" }), editor, async () => {
      throw refused;
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, intent: "create" });
    expect(answer.data.result).toMatchObject({ error: { name: ["That name is taken"] } });
  });

  it("throws on any other error", async () => {
    const fault = new AppError("Not this editor's refusal");
    await expect(
      saveEditorForm(signer, form({ name: "Tulsi" }), editor, async () => {
        throw fault;
      }),
    ).rejects.toBe(fault);
  });
});
