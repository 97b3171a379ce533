import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { acquireDirectoryLock, DataDirectoryLockedError } from "~/lib/directory-lock.server";
import { openPgliteOnDisk } from "./support/database";

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
const handles: DatabaseHandle[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const handle of handles.splice(0)) await handle.close().catch(() => {});
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Another process that takes the lock the way the shop does (its pid in the file) and stays up. */
async function otherProcessHolding(lockPath: string) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      "require('fs').writeFileSync(process.env.LOCK_PATH, String(process.pid)); setInterval(() => {}, 1000);",
    ],
    { env: { ...process.env, LOCK_PATH: lockPath }, stdio: "ignore" },
  );
  children.push(child);
  await waitFor(
    () => fs.existsSync(lockPath) && fs.readFileSync(lockPath, "utf8") === String(child.pid),
    "the child to write the lock file",
  );
  return child;
}

/** The pid of a process that has already exited. */
async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

function lockError(lockPath: string) {
  try {
    acquireDirectoryLock(lockPath).release();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("data directory lock", () => {
  it("refuses a directory locked by another running process, naming its pid", async () => {
    const lockPath = path.join(tempDir(), "database.lock");
    const child = await otherProcessHolding(lockPath);
    const error = lockError(lockPath);
    expect(error).toBeInstanceOf(DataDirectoryLockedError);
    expect((error as Error).message).toContain(`pid ${child.pid}`);
    // The other process's lock is left as it was.
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(child.pid));
  });

  it("takes the lock once the other process has stopped", async () => {
    const lockPath = path.join(tempDir(), "database.lock");
    const child = await otherProcessHolding(lockPath);
    expect(lockError(lockPath)).toBeInstanceOf(DataDirectoryLockedError);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const lock = acquireDirectoryLock(lockPath);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock file left by a process that died", async () => {
    const lockPath = path.join(tempDir(), "database.lock");
    fs.writeFileSync(lockPath, String(await deadPid()));
    const lock = acquireDirectoryLock(lockPath);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock file carrying this process's pid that it does not hold (pid reused after a restart)", () => {
    const lockPath = path.join(tempDir(), "database.lock");
    fs.writeFileSync(lockPath, String(process.pid));
    const lock = acquireDirectoryLock(lockPath);
    expect(fs.existsSync(lockPath)).toBe(true);
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("release removes the lock file, and the directory can be locked again", () => {
    const lockPath = path.join(tempDir(), "database.lock");
    const lock = acquireDirectoryLock(lockPath);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
    acquireDirectoryLock(lockPath).release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("release leaves alone a lock file that now belongs to another process", async () => {
    const lockPath = path.join(tempDir(), "database.lock");
    const lock = acquireDirectoryLock(lockPath);
    const stranger = String(await deadPid());
    fs.writeFileSync(lockPath, stranger);
    lock.release();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(stranger);
  });
});

describe("embedded database directory", () => {
  it("cannot be opened twice in one process: the second openPglite throws", async () => {
    const dir = tempDir();
    const first = await openPgliteOnDisk(dir);
    handles.push(first);
    await expect(openPgliteOnDisk(dir)).rejects.toThrow(DataDirectoryLockedError);
    await first.ping();
    expect(fs.readFileSync(path.join(dir, "database.lock"), "utf8")).toBe(String(process.pid));
  });

  it("cannot be opened twice in one process under another spelling of its path", async () => {
    const dir = tempDir();
    const first = await openPgliteOnDisk(dir);
    handles.push(first);
    const relative = path.relative(process.cwd(), dir);
    expect(relative).not.toBe(dir);
    const second = await openPgliteOnDisk(relative).then(
      (handle) => {
        handles.push(handle);
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataDirectoryLockedError);
  });

  it("can be opened again after close, which removes the lock file", async () => {
    const dir = tempDir();
    const first = await openPgliteOnDisk(dir);
    await first.close();
    expect(fs.existsSync(path.join(dir, "database.lock"))).toBe(false);
    const again = await openPgliteOnDisk(dir);
    handles.push(again);
    await again.ping();
  });

  it("is refused while another process holds it", async () => {
    const dir = tempDir();
    const child = await otherProcessHolding(path.join(dir, "database.lock"));
    await expect(openPgliteOnDisk(dir)).rejects.toThrow(`pid ${child.pid}`);
    expect(fs.existsSync(path.join(dir, "pglite"))).toBe(false);
  });
});
