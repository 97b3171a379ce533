/**
 * A TLS and HTTP/2 front for a shop started by production-shop.ts, standing in for the proxy a
 * deployment puts before the shop (deploy/nginx.conf: `listen 443 ssl http2`). Phones reach the
 * shop through such a proxy, on one multiplexed connection; Lighthouse measures what they see only
 * through one too (docs/decisions/044).
 *
 * Its certificate is made for this run by `openssl` and trusted by nothing: the browser that
 * measures through it is told to accept it (`--ignore-certificate-errors`).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** Meaningful for one HTTP/1.1 connection only, and refused by HTTP/2. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

function throwawayCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-front-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
  } catch (error) {
    throw new Error(
      "The HTTP/2 front needs openssl for its certificate (apt-get install -y openssl)",
      {
        cause: error,
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type Http2Front = { base: string; close: () => Promise<void> };

/** Serves `https://127.0.0.1:<port>` over HTTP/2 and passes every request to `target`. */
export async function startHttp2Front(target: string): Promise<Http2Front> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer(throwawayCertificate());
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(":")) forwarded[name] = value;
    }
    forwarded.host = headers[":authority"];
    forwarded["x-forwarded-proto"] = "https";
    const request = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: headers[":method"],
        path: headers[":path"],
        headers: forwarded,
        agent,
      },
      (response) => {
        // The browser may have cancelled the request (a prefetch it no longer wants).
        if (stream.destroyed) {
          response.resume();
          return;
        }
        const answer: http2.OutgoingHttpHeaders = { ":status": response.statusCode };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name)) answer[name] = value;
        }
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on("error", () => stream.destroy());
    stream.on("close", () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const session of sessions) session.destroy();
      await closed;
      agent.destroy();
    },
  };
}
