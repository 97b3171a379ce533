import { isIPv4, isIPv6, SocketAddress } from "node:net";

/**
 * What every per-client limit counts by (docs/decisions/052). One IPv6 customer line is given a
 * whole /64 and picks the last 64 bits at will, so an IPv6 client is its /64 prefix.
 */
export const CLIENT_IPV6_PREFIX = 64;

/** The one key of every address that is not an IP address (they share one count). */
export const UNKNOWN_CLIENT = "unknown";

const MAPPED_IPV4 = "::ffff:";

/**
 * The address in one spelling: an IPv4-mapped IPv6 address as its IPv4 address, IPv6 in lower
 * case and compressed (RFC 5952, as the operating system prints it), without a zone id.
 * Undefined when it is not an IP address.
 */
export function normalizeClientAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  if (isIPv4(address)) return address;
  // A connection's address is asked for on each of its requests: the spelling is kept.
  const known = spellings.get(address);
  if (known !== undefined) return known || undefined;
  const spelled = spelledIPv6(address);
  if (address.length <= LONGEST_ADDRESS) {
    if (spellings.size >= KEPT_SPELLINGS) spellings.clear();
    spellings.set(address, spelled ?? "");
  }
  return spelled;
}

/** The IPv6 spellings last worked out, "" for what is not an address; a bounded few. */
const spellings = new Map<string, string>();
const KEPT_SPELLINGS = 1024;
/** An IPv6 address with an IPv4 tail and a zone id fits; a longer string is not kept. */
const LONGEST_ADDRESS = 64;

function spelledIPv6(address: string): string | undefined {
  const unzoned = address.split("%", 1)[0] ?? "";
  if (!isIPv6(unzoned)) return undefined;
  const canonical = new SocketAddress({ address: unzoned, family: "ipv6" }).address;
  const mapped = canonical.startsWith(MAPPED_IPV4) ? canonical.slice(MAPPED_IPV4.length) : "";
  return isIPv4(mapped) ? mapped : canonical;
}

/** The first `bits` (a multiple of 16) of a canonical IPv6 address, as its network's address. */
function ipv6Network(canonical: string, bits: number) {
  // A dotted tail (::a.b.c.d) is the last 32 bits, which no prefix here needs: two groups.
  const hex = canonical.replace(/\d+\.\d+\.\d+\.\d+$/, "0:0");
  const [head = "", tail] = hex.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups];
  const prefix = `${groups.slice(0, bits / 16).join(":")}::`;
  return new SocketAddress({ address: prefix, family: "ipv6" }).address;
}

/**
 * The key a client's attempts are counted under, for every per-client limit of the shop: an
 * IPv4 address itself, an IPv6 address's /64 network (`2001:db8:1:2::/64`), `unknown` for
 * anything else. Any spelling of one address gives the same key.
 */
export function clientKey(address: string | undefined): string {
  const normalized = normalizeClientAddress(address);
  if (!normalized) return UNKNOWN_CLIENT;
  if (isIPv4(normalized)) return normalized;
  return `${ipv6Network(normalized, CLIENT_IPV6_PREFIX)}/${CLIENT_IPV6_PREFIX}`;
}

/**
 * The wider networks a client sits in, for the limits that also count by network
 * (docs/decisions/068): an IPv6 client's /48 (a site: a college, an office, a carrier's pool) and
 * /32 (a provider's whole allocation), an IPv4 client's /24. Each is named by its width, so a
 * limit can give each its own allowance. None for an address that is not one.
 */
export function clientNetworks(
  address: string | undefined,
): { width: NetworkWidth; key: string }[] {
  const normalized = normalizeClientAddress(address);
  if (!normalized) return [];
  if (isIPv4(normalized)) {
    const [a, b, c] = normalized.split(".");
    return [{ width: "v4/24", key: `${a}.${b}.${c}.0/24` }];
  }
  return [
    { width: "v6/48", key: `${ipv6Network(normalized, 48)}/48` },
    { width: "v6/32", key: `${ipv6Network(normalized, 32)}/32` },
  ];
}

export type NetworkWidth = "v4/24" | "v6/48" | "v6/32";
