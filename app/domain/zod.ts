import { z } from "zod";

/**
 * Zod, configured: every schema of the shop imports `z` from here. Zod compiles object parsers
 * with `new Function` when it may; probing for that is reported as a script-src violation under
 * the shop's Content-Security-Policy (no 'unsafe-eval'), so it runs `jitless`. The setting is made
 * when this module runs, before any schema that imports it is built.
 */
z.config({ jitless: true });

export { z };
