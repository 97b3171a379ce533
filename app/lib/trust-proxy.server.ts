import { isIP } from "node:net";

/** Express's named address ranges (proxy-addr). */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const TRUST_PROXY_RULE =
  'expected "none" or a comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal';

function isAddressOrRange(entry: string) {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For/-Proto/-Host the shop believes, for Express's `trust proxy`;
 * `none` trusts no one. Returns undefined when an entry is not an address, a range or a name.
 */
export function parseTrustProxy(value: string): string[] | undefined {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === "none") return [];
  if (entries.length === 0 || !entries.every(isAddressOrRange)) return undefined;
  return entries;
}

/** How Express judges an address: trusted as a proxy at this hop or not (`trust proxy fn`). */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's `req.ip` finds it: the connection's peer, then each
 * X-Forwarded-For entry from the nearest, for as long as the hop before it is a trusted proxy.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: TrustFunction,
) {
  if (!remoteAddress) return undefined;
  const hops = [
    remoteAddress,
    ...(forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse(),
  ];
  let client = remoteAddress;
  for (let hop = 0; hop < hops.length - 1; hop++) {
    if (!trust(hops[hop] as string, hop)) break;
    client = hops[hop + 1] as string;
  }
  return client;
}

/**
 * The scheme as Express's `req.protocol` finds it: https on a TLS socket, else the first
 * X-Forwarded-Proto value when the peer is a trusted proxy, else http.
 */
export function clientProtocol(
  encrypted: boolean,
  remoteAddress: string | undefined,
  forwardedProto: string | undefined,
  trust: TrustFunction,
) {
  const own = encrypted ? "https" : "http";
  // Without the header there is nothing to believe: the proxy question is not asked.
  if (!forwardedProto || !remoteAddress || !trust(remoteAddress, 0)) return own;
  return forwardedProto.split(",", 1)[0]?.trim() || own;
}
