import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** AUTH_SECRET when set; otherwise one generated on the first start and kept in DATA_DIR. */
export function loadOrCreateSecret(dataDir: string, fileName = "auth-secret") {
  const file = path.join(dataDir, fileName);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
