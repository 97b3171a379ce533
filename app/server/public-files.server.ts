/**
 * The build's public files (favicon and the like) outside its hashed assets. Express's static
 * middleware asks the disk about every request it sees, so a page request would wait for a
 * failed `stat` on each visit; the files are listed once at start instead, and only a request
 * for one of them reaches the middleware.
 */
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** URL paths (`/favicon.svg`) of the files under `root`, leaving out the `skip` folders. */
export function listPublicFiles(root: string, skip: readonly string[] = []) {
  const files = new Set<string>();
  const walk = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const entryUrl = `${urlPath}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(urlPath === "" && skip.includes(entry.name)))
          walk(path.join(dir, entry.name), entryUrl);
      } else if (entry.isFile()) {
        files.add(entryUrl);
      }
    }
  };
  walk(root, "");
  return files;
}

/** Hands a request to `serve` only when it asks for one of `files`. */
export function onlyFor(files: ReadonlySet<string>, serve: RequestHandler): RequestHandler {
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}
