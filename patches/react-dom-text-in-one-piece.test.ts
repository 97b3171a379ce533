import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  isReactServerRendererForNode,
  writeReactTextInOnePiece,
} from "./react-dom-text-in-one-piece";

const requireHere = createRequire(import.meta.url);
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(requireHere.resolve(`${name}/package.json`)), file);
const RENDERER = packageFile("react-dom", "cjs/react-dom-server.node.production.js");
const STOCK_SOURCE = fs.readFileSync(RENDERER, "utf8");

/**
 * Evaluates a CommonJS file as Node would, with `react` and `react-dom` taken from `shared`: the
 * tests run with NODE_ENV=test, which would give the production renderer React's development
 * build and mix the two.
 */
function load(file: string, code: string, shared: Record<string, unknown>) {
  const module = { exports: {} };
  const requireNear = createRequire(file);
  const require = (id: string) => (id in shared ? shared[id] : requireNear(id));
  new Function("exports", "require", "module", "__filename", "__dirname", code)(
    module.exports,
    require,
    module,
    file,
    path.dirname(file),
  );
  return module.exports;
}

const loadFile = (name: string, file: string, shared: Record<string, unknown>) => {
  const full = packageFile(name, file);
  return load(full, fs.readFileSync(full, "utf8"), shared);
};
const React = loadFile("react", "cjs/react.production.js", {}) as typeof import("react");
const ReactDOM = loadFile("react-dom", "cjs/react-dom.production.js", { react: React });
const { createElement: h, Suspense, use } = React;

type Renderer = {
  renderToPipeableStream: (
    node: ReactNode,
    options?: RenderToPipeableStreamOptions,
  ) => { pipe: (destination: Writable) => void };
};

/** One copy of the renderer from `code`. */
const rendererFrom = (code: string) =>
  load(RENDERER, code, { react: React, "react-dom": ReactDOM }) as Renderer;

const stock = rendererFrom(STOCK_SOURCE);
const changed = rendererFrom(writeReactTextInOnePiece(STOCK_SOURCE));

/** Everything `renderer` writes for `node`, and how many writes it took. */
function render(
  renderer: Renderer,
  node: () => ReactNode,
  options?: RenderToPipeableStreamOptions,
) {
  return new Promise<{ bytes: Buffer; writes: number }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
    });
    destination.on("finish", () =>
      resolve({ bytes: Buffer.concat(chunks), writes: chunks.length }),
    );
    const { pipe } = renderer.renderToPipeableStream(node(), {
      ...options,
      onShellReady: () => pipe(destination),
      onShellError: reject,
    });
  });
}

const later = <T>(value: T, ms: number) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function Later({ text }: { text: Promise<string> }) {
  return h("p", { className: "late" }, use(text));
}

type Case = { node: () => ReactNode; options?: RenderToPipeableStreamOptions; shows: string };

const CASES: Record<string, Case> = {
  "a document with attributes, escapes and text outside ASCII": {
    node: () =>
      h(
        "html",
        { lang: "en" },
        h("head", null, h("title", null, "Triphala Churna | Satara Ayurveda")),
        h(
          "body",
          null,
          h(
            "h1",
            { className: "text-2xl font-bold", "data-x": '"quoted" & <tagged>' },
            "सातारा ₹1,299 🌿",
          ),
          h("a", { href: "/product/triphala?tab=reviews&x=1" }, "Reviews <5>"),
          h("input", { type: "number", defaultValue: 3, disabled: true, "aria-label": "Quantity" }),
          h("svg", { viewBox: "0 0 24 24", strokeWidth: 2 }, h("path", { d: "M12 2v20" })),
        ),
      ),
    shows:
      '<h1 class="text-2xl font-bold" data-x="&quot;quoted&quot; &amp; &lt;tagged&gt;">सातारा ₹1,299 🌿</h1>',
  },
  "texts longer than React's 4 KB buffer, and many small pieces past it": {
    node: () =>
      h(
        "main",
        null,
        h("p", null, "अ".repeat(3000)),
        h("p", null, "x".repeat(10_000)),
        Array.from({ length: 800 }, (_, index) =>
          h("span", { key: index, className: `item item-${index}` }, `₹${index}`),
        ),
      ),
    shows: '<span class="item item-799">₹799</span></main>',
  },
  "a boundary that streams in after the shell, with a nonce and a bootstrap script": {
    node: () =>
      h(
        "div",
        null,
        h("header", null, "Shell"),
        h(
          Suspense,
          { fallback: h("p", null, "Loading reviews…") },
          h(Later, { text: later("Worth every rupee — ५ stars", 20) }),
        ),
      ),
    options: { nonce: "abc123", bootstrapScriptContent: "window.started = 'यह';" },
    shows: '<p class="late">Worth every rupee — ५ stars</p>',
  },
};

describe("React's server renderer with its text written in one piece", () => {
  for (const [name, { node, options, shows }] of Object.entries(CASES)) {
    it(`writes the same bytes as React's own: ${name}`, async () => {
      const expected = await render(stock, node, options);
      const actual = await render(changed, node, options);
      expect(actual.bytes.length).toBe(expected.bytes.length);
      expect(actual.bytes.equals(expected.bytes)).toBe(true);
      expect(actual.bytes.toString("utf8")).toContain(shows);
    });
  }

  it("writes a large page in fewer pieces than React's own", async () => {
    const { node } = CASES["texts longer than React's 4 KB buffer, and many small pieces past it"]!;
    const expected = await render(stock, node);
    const actual = await render(changed, node);
    expect(actual.writes).toBeLessThan(expected.writes);
  });

  it("names the file it applies to", () => {
    expect(isReactServerRendererForNode(RENDERER)).toBe(true);
    expect(isReactServerRendererForNode(RENDERER.replace(".node.", ".edge."))).toBe(false);
  });

  it("refuses a renderer that reads differently instead of changing part of it", () => {
    const patched = writeReactTextInOnePiece(STOCK_SOURCE);
    expect(() => writeReactTextInOnePiece(patched)).toThrow(/stringToPrecomputedChunk/);
    expect(() =>
      writeReactTextInOnePiece(
        STOCK_SOURCE.replace("function completeWriting(destination) {\n", ""),
      ),
    ).toThrow(/completeWriting/);
  });
});
