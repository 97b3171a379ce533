/**
 * C0 control characters and DEL: never part of text a person types into the shop. PostgreSQL
 * refuses NUL in text, browsers silently drop tab and line breaks inside URLs, and the rest only
 * serve to hide or forge content. Multi-line fields may keep tab and line breaks.
 */
export function hasControlCharacter(text: string, options: { multiLine?: boolean } = {}) {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (options.multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/** The text without its control characters (for search boxes, where dropping them is kinder). */
export function stripControlCharacters(text: string) {
  let out = "";
  for (const char of text) if (!hasControlCharacter(char)) out += char;
  return out;
}
