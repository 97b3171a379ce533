import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOB_KIND_LABELS } from "~/domain/background-jobs";
import { SHOP_JOBS } from "./job-list.server";

const listed = SHOP_JOBS.map((job) => job.kind);

/** The shop's own source files, not their tests. */
function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
const sources = sourceFiles(path.join(process.cwd(), "app")).map((file) => ({
  file: path.relative(process.cwd(), file),
  text: fs.readFileSync(file, "utf8"),
}));

/** Constants that name a kind of job (`export const MAIL_JOB = "mail"`), by name. */
const kindConstants = new Map(
  sources.flatMap(({ text }) =>
    [...text.matchAll(/export const ([A-Z_]+_JOB) = "([^"]+)"/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    ),
  ),
);

/** The kinds the code declares (`export const mailJob = defineJob(...)`), by file and name. */
const declared = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/export const (\w+) = defineJob\b/g)].map((match) => ({
    file,
    name: match[1]!,
  })),
);

describe("the static list of the shop's background jobs", () => {
  it("lists each kind once", () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.length).toBeGreaterThan(5);
  });

  it("is every kind the code declares, and each has its name for the owner", async () => {
    expect(declared.map(({ name }) => name).sort()).toHaveLength(listed.length);
    for (const { file, name } of declared) {
      const module = (await import(path.resolve(file))) as Record<string, unknown>;
      expect(SHOP_JOBS, `${name} (${file}) is not in SHOP_JOBS`).toContain(module[name]);
    }
    expect([...listed].sort()).toEqual(Object.keys(JOB_KIND_LABELS).sort());
  });

  it("holds every kind the code names for a job", () => {
    expect(kindConstants.size).toBeGreaterThan(3);
    for (const [name, kind] of kindConstants) {
      expect(listed, `${name} = "${kind}" is not in SHOP_JOBS`).toContain(kind);
    }
  });

  it("holds every kind the code enqueues by name, which must be one of those constants", () => {
    // The jobs area's own enqueue functions pass a kind they were given.
    const jobsArea = path.join("app", "modules", "jobs");
    const enqueued = sources
      .filter(({ file }) => path.dirname(file) !== jobsArea)
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\benqueueJobs?\(\s*\w+,\s*([^,\s]+)/g)].map((match) => ({
          file,
          argument: match[1]!,
        })),
      );
    expect(enqueued.length).toBeGreaterThan(3);
    for (const { file, argument } of enqueued) {
      const kind = kindConstants.get(argument);
      expect(kind, `${file} enqueues ${argument}, which names no kind`).toBeDefined();
      expect(listed).toContain(kind);
    }
  });
});
