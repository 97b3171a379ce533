import type sharpModule from "sharp";

type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * libvips, loaded on the first picture rather than at start: it adds about 27 MB to every
 * process, and most processes never touch a picture (uploads are rare, and the pictures served
 * are stored already encoded).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps decoded pictures in a cache meant for reprocessing the same files, which a
    // shop never does, and runs one thread per core for every picture; uploads are rare, memory
    // is not.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
