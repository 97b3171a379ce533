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
  text: string;
  raw: string;
};

export function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function parseMail(raw: string, to: string[], from: string): CapturedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? "";
  const quoted = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  return { to, from, subject, text: quoted ? decodeQuotedPrintable(body) : body, raw };
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
