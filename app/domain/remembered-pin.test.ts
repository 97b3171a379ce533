import { describe, expect, it } from "vitest";
import {
  REMEMBERED_PIN_MAX_AGE,
  rememberedPin,
  rememberPinCookie,
  startingPin,
} from "./remembered-pin";

describe("the remembered PIN code", () => {
  it("is read from a Cookie header among others", () => {
    expect(rememberedPin("pin=415002")).toBe("415002");
    expect(rememberedPin("theme=dark; pin=560001; __session=abc=")).toBe("560001");
    expect(rememberedPin(" pin = 110001 ")).toBe("110001");
  });

  it("is null when missing or not a PIN code", () => {
    expect(rememberedPin(null)).toBeNull();
    expect(rememberedPin(undefined)).toBeNull();
    expect(rememberedPin("")).toBeNull();
    expect(rememberedPin("pins=415002")).toBeNull();
    expect(rememberedPin("pin=")).toBeNull();
    expect(rememberedPin("pin=41500")).toBeNull();
    expect(rememberedPin("pin=4150021")).toBeNull();
    expect(rememberedPin("pin=015002")).toBeNull();
    expect(rememberedPin("pin=41500a")).toBeNull();
    expect(rememberedPin("pin=%3Cscript%3E")).toBeNull();
  });

  it("is written for a year, SameSite=Lax, site-wide, Secure on https only", () => {
    expect(REMEMBERED_PIN_MAX_AGE).toBe(31_536_000);
    expect(rememberPinCookie("415002", { secure: false })).toBe(
      "pin=415002; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(rememberPinCookie("415002", { secure: true })).toBe(
      "pin=415002; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
  });

  it("writes nothing that is not a PIN code", () => {
    for (const bad of ["", "41500", "4150021", "015002", "415002; Path=/", "abcdef"]) {
      expect(rememberPinCookie(bad, { secure: false })).toBeNull();
    }
  });

  it("starts a box from the first valid PIN code given", () => {
    expect(startingPin(null, "560001", "415002")).toBe("560001");
    expect(startingPin(undefined, "12", "415002")).toBe("415002");
    expect(startingPin(null, undefined)).toBeNull();
    expect(startingPin()).toBeNull();
  });
});
