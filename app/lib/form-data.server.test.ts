import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  formRefusal,
  MAX_BODY_BYTES,
  NotAFormError,
  RequestTooLargeError,
  readForm,
  readFormData,
  readText,
} from "./form-data.server";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** A POST whose body arrives in `pieces` of `size` bytes without a Content-Length (chunked). */
function streamed(headers: Record<string, string>, pieces: number, size: number, text = "a") {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === pieces) return controller.close();
      sent += 1;
      controller.enqueue(new TextEncoder().encode(text.repeat(size)));
    },
  });
  const request = new Request("http://shop.test/", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, sent: () => sent };
}

function posted(headers: Record<string, string>, body: string) {
  return new Request("http://shop.test/", { method: "POST", headers, body });
}

describe("readFormData", () => {
  it("reads a form up to its limit", async () => {
    const form = await readFormData(posted(FORM, `note=${"a".repeat(95)}`), 100);
    expect(form.get("note")).toHaveLength(95);
  });

  it("refuses a declared Content-Length past the limit before reading", async () => {
    const request = posted({ ...FORM, "content-length": "101" }, "a".repeat(101));
    await expect(readFormData(request, 100)).rejects.toBeInstanceOf(RequestTooLargeError);
    expect(request.bodyUsed).toBe(false);
  });

  it("stops reading a chunked body once it passes the limit", async () => {
    const { request, sent } = streamed(FORM, 1000, 1024);
    await expect(readFormData(request, 8 * 1024)).rejects.toBeInstanceOf(RequestTooLargeError);
    expect(sent()).toBeLessThan(20);
  });

  it("refuses a body that is not a form", async () => {
    const request = posted({ "content-type": "application/json" }, "{}");
    await expect(readFormData(request, 100)).rejects.toBeInstanceOf(NotAFormError);
  });
});

describe("readForm", () => {
  it("answers a form past 1 MB with 413", async () => {
    const { request } = streamed(FORM, 2 * 1024, 1024);
    const answer = await readForm(request).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(413);
    expect(await (answer as Response).text()).toMatch(/too large/);
  });

  it("reads a form just under 1 MB", async () => {
    const form = await readForm(posted(FORM, `note=${"a".repeat(MAX_BODY_BYTES - 5)}`));
    expect(form.get("note")).toHaveLength(MAX_BODY_BYTES - 5);
  });

  it("answers anything else it cannot read with 400, and lets other errors through", async () => {
    expect(formRefusal(new NotAFormError()).status).toBe(400);
    expect(() => formRefusal(new Error("database down"))).toThrow("database down");
  });
});

describe("readText", () => {
  it("reads a body up to 1 MB as it was sent", async () => {
    const body = `{"event":"payment.captured","note":"${"a".repeat(1000)}"}`;
    expect(await readText(posted({ "content-type": "application/json" }, body))).toBe(body);
  });

  it("answers a body past 1 MB with 413, declared or chunked, whatever its type", async () => {
    const declared = posted(
      { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      "a".repeat(MAX_BODY_BYTES + 1),
    );
    const { request: chunked, sent } = streamed(
      { "content-type": "multipart/form-data" },
      4096,
      1024,
    );
    for (const request of [declared, chunked]) {
      const answer = await readText(request).catch((thrown: unknown) => thrown);
      expect((answer as Response).status).toBe(413);
    }
    expect(sent()).toBeLessThan(1100);
  });
});

/** Every file of the app that is not a test, below `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the body limit", () => {
  it("is kept by every reader: no code but this module reads a request's body", () => {
    const allowed = new Set([
      path.join("app", "lib", "form-data.server.ts"),
      // Hands the body to React Router as a stream of its own; reads nothing.
      path.join("app", "server", "request-body.server.ts"),
    ]);
    const reads =
      /\b(?:request|req)\s*\.\s*(?:text|json|formData|arrayBuffer|blob|bytes)\s*\(|\brequest\s*\.\s*body\b|\breq\s*\.\s*(?:pipe|on\s*\(\s*["']data)/;
    const offenders = [...sourceFiles("app"), "server.ts"].filter(
      (file) => !allowed.has(file) && reads.test(fs.readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
