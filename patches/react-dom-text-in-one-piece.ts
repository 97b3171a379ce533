import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * React's server renderer for Node (react-dom-server.node.production.js) encodes each string it
 * writes on its own: `TextEncoder.encodeInto` into a fresh `subarray` of its 4 KB buffer, for
 * every attribute value and text of the page (about 2,000 on a product page). That was about a
 * tenth of a signed-in page's CPU, and the views were an eighth of what it allocated.
 *
 * The server build gets the renderer with its writes changed: the markup React keeps as constants
 * stays text instead of being encoded at start, strings are joined as they come and encoded once
 * per 4 KB, and bytes (which the shop never passes) still go through React's own buffer. What
 * reaches the response is byte for byte the same (react-dom-text-in-one-piece.test.ts).
 *
 * A React that reads differently fails the build here rather than quietly losing the change.
 */

/** Where the pieces this changes begin; each must appear exactly once. */
const WRITE_CHUNK = "function writeChunk(destination, chunk) {";
const COMPLETE_WRITING = "function completeWriting(destination) {\n";
const PRECOMPUTED_CHUNK = `function stringToPrecomputedChunk(content) {
  return textEncoder.encode(content);
}`;

const TEXT_WRITER = `var pendingText = "";
function writePendingText(destination) {
  var text = pendingText;
  pendingText = "";
  writeToDestination(destination, Buffer.from(text, "utf8"));
}
function writeChunk(destination, chunk) {
  if ("string" !== typeof chunk) {
    0 !== pendingText.length && writePendingText(destination);
    writeBytesChunk(destination, chunk);
    return;
  }
  if (0 < writtenBytes) {
    writeToDestination(destination, currentView.subarray(0, writtenBytes));
    currentView = new Uint8Array(4096);
    writtenBytes = 0;
  }
  pendingText += chunk;
  4096 <= pendingText.length && writePendingText(destination);
}
function writeBytesChunk(destination, chunk) {`;

const COMPLETE_PENDING_TEXT = `${COMPLETE_WRITING}  0 !== pendingText.length &&
    (destination.write(Buffer.from(pendingText, "utf8")), (pendingText = ""));
`;

const PRECOMPUTED_TEXT = `function stringToPrecomputedChunk(content) {
  return content;
}`;

/** Whether `id` is the module this applies to. */
export function isReactServerRendererForNode(id: string) {
  return /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/.test(id);
}

/** The renderer's source with its writes changed; throws when a piece is not found once. */
export function writeReactTextInOnePiece(code: string) {
  for (const piece of [WRITE_CHUNK, COMPLETE_WRITING, PRECOMPUTED_CHUNK]) {
    const found = code.split(piece).length - 1;
    if (found !== 1) {
      throw new Error(
        `React's server renderer has ${found} copies of \`${piece.split("\n")[0]}\` where 1 was expected`,
      );
    }
  }
  return code
    .replace(WRITE_CHUNK, () => TEXT_WRITER)
    .replace(COMPLETE_WRITING, () => COMPLETE_PENDING_TEXT)
    .replace(PRECOMPUTED_CHUNK, () => PRECOMPUTED_TEXT);
}

/**
 * The server build bundles React's server renderer for Node, its production file, with its writes
 * changed. `react` and `react-dom` themselves stay outside the bundle, one copy for the process.
 */
const REACT_DOM_SERVER_FOR_NODE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
  "cjs/react-dom-server.node.production.js",
);

export function reactDomTextInOnePiece(): Plugin {
  return {
    name: "shop:react-dom-text-in-one-piece",
    apply: (_config, { command, isSsrBuild }) => command === "build" && Boolean(isSsrBuild),
    enforce: "pre",
    resolveId: (source) => (source === "react-dom/server" ? REACT_DOM_SERVER_FOR_NODE : null),
    transform(code, id) {
      if (!isReactServerRendererForNode(id)) return null;
      try {
        return { code: writeReactTextInOnePiece(code), map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
