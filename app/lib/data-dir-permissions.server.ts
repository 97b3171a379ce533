import fs from "node:fs";
import path from "node:path";

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Files and directories the process creates from now on are readable by its own account only:
 * the data directory holds e-mails, addresses, password hashes and session tokens.
 */
export function restrictNewFiles() {
  process.umask(0o077);
}

export type TighteningResult = { fixed: number; failed: string[] };

/**
 * Creates `dataDir` private, or closes one left open by an earlier version or a loose umask:
 * every directory becomes 0700 and every file 0600. Symbolic links are neither followed nor
 * changed. Returns how many entries were changed and which could not be (not ours, for example).
 */
export function tightenDataDirectory(dataDir: string): TighteningResult {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  const result: TighteningResult = { fixed: 0, failed: [] };
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return; // Removed while we walked.
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIRECTORY : PRIVATE_FILE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        fs.chmodSync(entry, wanted);
        result.fixed++;
      } catch {
        result.failed.push(entry);
      }
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  return result;
}
