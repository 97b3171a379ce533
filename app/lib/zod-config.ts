import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` when it may; probing for that is reported as
 * a script-src violation under the shop's Content-Security-Policy (no 'unsafe-eval'). The probe
 * runs when the first object schema is built, so this module is imported first by app/root.tsx.
 */
z.config({ jitless: true });
