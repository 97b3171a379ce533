import { describe, expect, it } from "vitest";
import { picturePath, pictureSrcSet, pictureUrl } from "./picture-urls";

const ID = "0b6f3c1e-8f5a-4d5e-9c1a-2b3c4d5e6f70";

describe("picture URLs", () => {
  it("puts the content hash in the path, so new bytes get a new URL", () => {
    expect(picturePath(ID, "0123456789abcdef")).toBe(`/images/${ID}/0123456789abcdef`);
    expect(picturePath(ID, "0123456789abcdef")).not.toBe(picturePath(ID, "fedcba9876543210"));
  });

  it("names a variant by width and format", () => {
    expect(pictureUrl("/images/x/h", 640, "avif")).toBe("/images/x/h/640.avif");
  });

  it("lists every served width of one format with its width descriptor", () => {
    expect(pictureSrcSet("/images/x/h", "webp")).toBe(
      "/images/x/h/320.webp 320w, /images/x/h/640.webp 640w, /images/x/h/1024.webp 1024w",
    );
  });
});
