import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { listPublicFiles, onlyFor } from "./public-files.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
fs.mkdirSync(path.join(root, "assets"));
fs.mkdirSync(path.join(root, "icons"));
fs.writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
fs.writeFileSync(path.join(root, "icons", "apple-touch.png"), "png");
fs.writeFileSync(path.join(root, "assets", "entry-abc.js"), "js");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("listPublicFiles", () => {
  it("lists every file by its URL path, nested ones too, leaving out the skipped folders", () => {
    expect([...listPublicFiles(root, ["assets"])].sort()).toEqual([
      "/favicon.svg",
      "/icons/apple-touch.png",
    ]);
  });
});

describe("onlyFor", () => {
  const app = express();
  app.use(onlyFor(listPublicFiles(root, ["assets"]), express.static(root, { index: false })));
  app.use((req, res) => {
    res.status(200).send(`page ${req.path}`);
  });
  const server = app.listen(0);
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const get = (urlPath: string) => {
    const { port } = server.address() as { port: number };
    return fetch(`http://127.0.0.1:${port}${urlPath}`).then((response) => response.text());
  };

  it("serves a listed file", async () => {
    expect(await get("/favicon.svg")).toBe("<svg/>");
    expect(await get("/icons/apple-touch.png")).toBe("png");
  });

  it("passes a page, and a file it was not told of, to what comes next", async () => {
    expect(await get("/product/triphala-churna")).toBe("page /product/triphala-churna");
    expect(await get("/assets/entry-abc.js")).toBe("page /assets/entry-abc.js");
  });
});
