import v8 from "node:v8";

/** How much V8 lets the heap grow past what survived its last full collection, in percent. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Under load V8 grows the heap up to four times what survives a collection and keeps the pages,
 * so a shop with 60 MB of live objects held 175 MB of heap, and 480 MB resident, after a minute
 * of traffic. Growing by half holds it near 65 MB, for about 4 % of the signed-in pages a second
 * (docs/decisions/043). V8 reads the factor at each collection, so setting it as the process
 * starts is enough; `node --heap-growing-percent=N` on the command line still wins.
 */
export function limitHeapGrowth() {
  if (process.execArgv.some((flag) => flag.startsWith("--heap-growing-percent"))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
