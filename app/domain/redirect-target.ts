import { hasControlCharacter } from "./control-characters";

/**
 * Where to send a visitor after, say, signing in: `target` is resolved against the shop's own
 * origin as a browser would resolve it, and accepted only when it stays there. The answer is the
 * normalized path, query and fragment of the resolved URL (never the raw input), so a Location
 * header built from it cannot leave the shop or break the response.
 */
export function sameOriginPath(target: unknown, shopUrl: string, fallback = "/"): string {
  // Browsers drop tab and line breaks inside a URL and read "\\" as "/", so "/\t/evil.example"
  // would leave the shop; no link of the shop holds either.
  if (typeof target !== "string" || target === "" || target.includes("\\")) return fallback;
  if (hasControlCharacter(target)) return fallback;
  let shop: URL;
  let resolved: URL;
  try {
    shop = new URL(shopUrl);
    resolved = new URL(target, shop);
  } catch {
    return fallback;
  }
  if (resolved.origin !== shop.origin || resolved.username || resolved.password) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "//host" would be read by the browser as another site, whatever origin it came from.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
