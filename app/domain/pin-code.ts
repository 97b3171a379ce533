/**
 * An Indian PIN code: six digits, the first not 0 (no PIN code starts with 0). A module of its
 * own so that a page can check a typed code without loading the delivery promise's messages.
 */
export const PIN_CODE = /^[1-9]\d{5}$/;
