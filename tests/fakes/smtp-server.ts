/**
 * A real SMTP server on loopback that keeps every message in memory, with a small HTTP API so
 * end-to-end tests can read what the shop sent: GET /messages?to=ADDRESS, DELETE /messages.
 */
import http from "node:http";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  /** The text/plain part (or the whole body of a single-part message). */
  text: string;
  /** The text/html part, when the message has one. */
  html: string | null;
  raw: string;
};

/** Quoted-printable to text: `=E2=82=B9` is the three UTF-8 bytes of ₹. */
export function decodeQuotedPrintable(text: string) {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitEntity(raw: string) {
  const gap = /\r?\n\r?\n/.exec(raw);
  if (!gap) return { head: raw, body: "" };
  return { head: raw.slice(0, gap.index), body: raw.slice(gap.index + gap[0].length) };
}

function header(head: string, name: string) {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

function decodeBody(head: string, body: string) {
  const encoding = header(head, "Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The first text/plain and text/html parts, looking inside nested multiparts. */
function readParts(entity: string, found: { text: string | null; html: string | null }) {
  const { head, body } = splitEntity(entity);
  const type = header(head, "Content-Type").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(header(head, "Content-Type"))?.[1];
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      readParts(part.replace(/^\r?\n/, ""), found);
    }
    return;
  }
  // SMTP carries lines ending in CRLF; tests read them as the shop wrote them.
  const decoded = decodeBody(head, body).replace(/\r\n/g, "\n").replace(/\n$/, "");
  if (type.startsWith("text/html")) found.html ??= decoded;
  else if (!type || type.startsWith("text/plain")) found.text ??= decoded;
}

export function parseMail(raw: string, to: string[], from: string): CapturedMail {
  const { head } = splitEntity(raw);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  readParts(raw, found);
  return {
    to,
    from,
    subject: header(head, "Subject"),
    text: found.text ?? "",
    html: found.html,
    raw,
  };
}

export function startSmtpCapture(options: { smtpPort: number; httpPort: number }) {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push(parseMail(Buffer.concat(chunks).toString("utf8"), to, from));
        callback();
      });
    },
  });
  smtp.listen(options.smtpPort, "127.0.0.1");
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/health") return void res.end("ok");
    if (url.pathname === "/messages" && req.method === "DELETE") {
      messages.length = 0;
      return void res.end("[]");
    }
    if (url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("Content-Type", "application/json");
      return void res.end(
        JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages),
      );
    }
    res.statusCode = 404;
    res.end();
  });
  api.listen(options.httpPort, "127.0.0.1");
  return {
    messages,
    close: () =>
      Promise.all([
        new Promise((r) => smtp.close(() => r(null))),
        new Promise((r) => api.close(() => r(null))),
      ]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const smtpPort = Number(process.env.SMTP_PORT ?? 3211);
  const httpPort = Number(process.env.SMTP_HTTP_PORT ?? 3212);
  startSmtpCapture({ smtpPort, httpPort });
  console.log(
    `SMTP capture on 127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`,
  );
}
