/**
 * Pure. A short fingerprint of the offers a home page shows. The page carries the one it was
 * rendered with; the live offers stream sends the current one when it connects, so a page that
 * missed a change (made while it loaded, or while its stream was reconnecting) refreshes itself.
 */
export function offersVersion(offers: readonly object[]): string {
  // FNV-1a, 32-bit: enough to tell two short lists apart, and the same in every runtime.
  let hash = 0x811c9dc5;
  const text = JSON.stringify(offers);
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
