import fs from "node:fs";
import path from "node:path";

export type DirectoryLock = { release(): void };

export class DataDirectoryLockedError extends Error {}

// Locks this process holds. A lock file with our own pid that is not in here was left by an
// earlier process that happened to get the same pid (common in containers), so it is stale.
const heldHere = new Set<string>();

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database allows one process per directory; a second one would corrupt it.
 * The lock file holds the owner's pid, so a lock left by a crashed process is taken over.
 */
export function acquireDirectoryLock(lockPath: string): DirectoryLock {
  // The real path, so two spellings of one directory (relative, symlinked) are one lock.
  lockPath = path.join(
    fs.realpathSync(path.dirname(path.resolve(lockPath))),
    path.basename(lockPath),
  );
  if (heldHere.has(lockPath)) {
    throw new DataDirectoryLockedError(
      "The data directory is already open in this process; open it once and share the handle.",
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener("exit", release);
        heldHere.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid))
            fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const content = fs.readFileSync(lockPath, "utf8").trim();
      // An empty file is another process between creating the lock and writing its pid.
      const beingTaken = content === "" && Date.now() - fs.statSync(lockPath).mtimeMs < 10_000;
      const owner = Number.parseInt(content, 10);
      if (beingTaken || (Number.isInteger(owner) && owner !== process.pid && isRunning(owner))) {
        throw new DataDirectoryLockedError(
          `The data directory is in use by another shop process (pid ${beingTaken ? "starting" : owner}). ` +
            "Stop it first, or give this one its own DATA_DIR.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not lock ${lockPath}`);
}
