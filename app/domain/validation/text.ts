import { hasControlCharacter, stripControlCharacters } from "../control-characters";
import { z } from "../zod";

export const CONTROL_CHARACTER_MESSAGE =
  "Please remove invisible control characters (such as NUL) from this field";

type StringParams = Parameters<typeof z.string>[0];

/**
 * The one way a schema reads text from a form: a string that holds no control characters, so a
 * NUL byte or a hidden escape is refused with a clear message before it reaches the database.
 * Surrounding white space (a pasted line break) is left to the field's own trim.
 */
export function singleLineText(params?: StringParams) {
  return z.string(params).refine((text) => !hasControlCharacter(text.trim()), {
    error: CONTROL_CHARACTER_MESSAGE,
    abort: true,
  });
}

/**
 * A name on one line (a product's, a category's, the shop's, a person's): as `singleLineText`,
 * trimmed, with every run of white space inside it (a double space, a pasted non-breaking space)
 * made one space, so "Triphala  Churna" is stored, shown and searched as "Triphala Churna".
 */
export function singleLineName(params?: StringParams) {
  return singleLineText(params).overwrite((text) => text.replace(/\s+/g, " ").trim());
}

/** Text of a textarea: as `singleLineText`, but tab and line breaks are part of it. */
export function multiLineText(params?: StringParams) {
  return z.string(params).refine((text) => !hasControlCharacter(text, { multiLine: true }), {
    error: CONTROL_CHARACTER_MESSAGE,
    abort: true,
  });
}

/** A search box's text from the query string: control characters dropped, trimmed, cut to `max`. */
export function searchText(max: number) {
  return z.string().transform((text) => stripControlCharacters(text).trim().slice(0, max));
}
