/**
 * A browser as the shop sees it: a cookie jar, an address (X-Forwarded-For, believed from the
 * loopback proxy) and the shop's origin on every form it posts. It speaks plain node:http, since
 * fetch replaces the Sec-Fetch-Mode a browser sends when it submits a form itself.
 */
import http from "node:http";
import { BACKEND_HEADER, IDLE_CLOSE_MS } from "./round-robin";

const TOAST_COOKIE = "shop_toast";

// Closed before the proxy's (or a process's) 5 s keep-alive timeout, as in round-robin.ts.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_CLOSE_MS });

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Which process answered, when the answer came through the round-robin proxy. */
  backend: number | null;
  location: string | undefined;
};

type RequestOptions = {
  /** A process's own port instead of the proxy's. */
  port?: number;
  headers?: Record<string, string>;
};

export class Visitor {
  private cookies = new Map<string, string>();

  constructor(
    /** The shop's PUBLIC_URL: the proxy in front of the processes. */
    private readonly publicUrl: string,
    /** The visitor's own address, passed on by the proxy to the shop. */
    readonly ip: string,
  ) {}

  /** The Cookie header the browser sends, or undefined when the jar is empty. */
  cookieHeader() {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  hasCookie(name: string) {
    return this.cookies.has(name);
  }

  /** The browser's jar, copied into another browser (the same person on another tab). */
  copyCookiesTo(other: Visitor) {
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
  }

  private keep(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", val = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(val) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A page load, as the address bar or a link makes it. */
  get(pathname: string, options: RequestOptions = {}) {
    return this.send("GET", pathname, undefined, {
      ...options,
      headers: { "sec-fetch-mode": "navigate", accept: "text/html", ...options.headers },
    });
  }

  /**
   * A form the browser submits itself (a page without its scripts, or before they load): the
   * answer is the next page or a redirect, with the shop's origin as a browser sends it.
   */
  postForm(pathname: string, fields: Record<string, string>, options: RequestOptions = {}) {
    return this.send("POST", pathname, Buffer.from(new URLSearchParams(fields).toString()), {
      ...options,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
        accept: "text/html",
        ...options.headers,
      },
    });
  }

  /**
   * A form the page's scripts submit (React Router's fetch to the route's `.data` address): the
   * answer keeps the action's status, and its message travels in the toast cookie.
   */
  postData(pathname: string, fields: Record<string, string>, options: RequestOptions = {}) {
    return this.send(
      "POST",
      `${pathname}.data`,
      Buffer.from(new URLSearchParams(fields).toString()),
      {
        ...options,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-mode": "cors",
          accept: "*/*",
          ...options.headers,
        },
      },
    );
  }

  /**
   * The message the shop left for the next page (its signed `shop_toast` cookie), read as the
   * page would show it; null when there is none.
   */
  toast(): { type: string; title: string; description?: string } | null {
    const raw = this.cookies.get(TOAST_COOKIE);
    if (!raw) return null;
    const signed = decodeURIComponent(raw);
    const payload = signed.slice(0, signed.lastIndexOf("."));
    const session = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<
      string,
      { type: string; title: string; description?: string }
    >;
    return session.__flash_toast__ ?? null;
  }

  /** A multipart form (the back office's product form carries pictures). */
  async postMultipart(pathname: string, form: FormData, options: RequestOptions = {}) {
    const encoded = new Request("http://form.invalid/", { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.send("POST", pathname, body, {
      ...options,
      headers: {
        "content-type": encoded.headers.get("content-type") ?? "multipart/form-data",
        "sec-fetch-mode": "navigate",
        accept: "text/html",
        ...options.headers,
      },
    });
  }

  /** Opens a request whose answer is read as it streams (a live event stream). */
  open(pathname: string, options: RequestOptions = {}) {
    const target = this.target(pathname, options);
    return http.request({
      ...target,
      method: "GET",
      headers: this.headers({ accept: "text/event-stream", ...options.headers }),
    });
  }

  private target(pathname: string, options: RequestOptions) {
    const base = new URL(this.publicUrl);
    return { host: base.hostname, port: options.port ?? Number(base.port), path: pathname };
  }

  private headers(extra: Record<string, string>, body?: Buffer) {
    const headers: Record<string, string> = {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) shop-cluster-test",
      "x-forwarded-for": this.ip,
      ...extra,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers.origin = new URL(this.publicUrl).origin;
      headers["content-length"] = String(body.length);
    }
    return headers;
  }

  private send(
    method: string,
    pathname: string,
    body: Buffer | undefined,
    options: RequestOptions,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          ...this.target(pathname, options),
          method,
          agent,
          headers: this.headers(options.headers ?? {}, body),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            this.keep(response.headers["set-cookie"]);
            const backend = response.headers[BACKEND_HEADER];
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              backend: typeof backend === "string" ? Number(backend) : null,
              location: response.headers.location,
            });
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }
}
