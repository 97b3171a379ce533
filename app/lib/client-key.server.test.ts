import { BlockList } from "node:net";
import { describe, expect, it } from "vitest";
import {
  clientKey,
  clientNetworks,
  normalizeClientAddress,
  UNKNOWN_CLIENT,
} from "./client-key.server";

describe("normalizeClientAddress", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8::1", "2001:db8::1"],
    // Upper case, expanded, zero-padded and partly compressed spellings of one address.
    ["2001:DB8::1", "2001:db8::1"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:0:0:0:0:1", "2001:db8::1"],
    ["2001:0DB8::0:1", "2001:db8::1"],
    // The longest run of zeros is the one compressed; a single zero group is not.
    ["2001:db8:0:0:1:0:0:0", "2001:db8:0:0:1::"],
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    ["0:0:0:0:0:0:0:0", "::"],
    ["0:0:0:0:0:0:0:1", "::1"],
    // IPv4-mapped IPv6 is the IPv4 client it carries, however it is written.
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:192.0.2.1", "192.0.2.1"],
    ["::ffff:c000:201", "192.0.2.1"],
    ["0:0:0:0:0:ffff:c000:0201", "192.0.2.1"],
    ["0000:0000:0000:0000:0000:FFFF:C000:0201", "192.0.2.1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    // Not mapped: other prefixes that embed an IPv4 address stay IPv6.
    ["::ffff:0:192.0.2.1", "::ffff:0:c000:201"],
    ["64:ff9b::192.0.2.1", "64:ff9b::c000:201"],
    // Zone ids name the receiving interface, not the client.
    ["fe80::1%eth0", "fe80::1"],
    ["FE80::1%25eth0", "fe80::1"],
    ["fe80::1%", "fe80::1"],
    ["::ffff:192.0.2.1%1", "192.0.2.1"],
  ])("writes %j as %j", (address, expected) => {
    expect(normalizeClientAddress(address)).toBe(expected);
    // Asked again (a connection's next request), from the spellings kept.
    expect(normalizeClientAddress(address)).toBe(expected);
  });

  it("keeps the same answers past the few spellings it keeps, and keeps no long string", () => {
    const addresses = Array.from({ length: 3000 }, (_, i) => `2001:db8::${(i + 1).toString(16)}`);
    for (const address of addresses) normalizeClientAddress(address);
    for (const address of addresses) expect(normalizeClientAddress(address)).toBe(address);
    const long = `${"0:".repeat(40)}1`;
    expect(normalizeClientAddress(long)).toBeUndefined();
    expect(normalizeClientAddress(long)).toBeUndefined();
  });

  it.each([
    undefined,
    "",
    "unknown",
    "localhost",
    " 203.0.113.9",
    "203.0.113.9 ",
    "203.0.113.256",
    "203.0.113",
    "0203.0.113.9",
    "203.0.113.9%eth0",
    "203.0.113.9:8080",
    "[2001:db8::1]",
    "[2001:db8::1]:443",
    "2001:db8::g",
    "2001:db8:::1",
    "2001:db8::1::2",
    "1:2:3:4:5:6:7:8:9",
    "%eth0",
    "2001:db8::/64",
  ])("refuses %j", (address) => {
    expect(normalizeClientAddress(address)).toBeUndefined();
    expect(normalizeClientAddress(address)).toBeUndefined();
  });
});

/** Eight random 16-bit groups. */
function randomGroups() {
  return Array.from({ length: 8 }, () => Math.floor(Math.random() * 0x10000));
}

/** Three spellings of the same address: compressed by the system, expanded upper case, padded. */
function spellings(groups: number[]) {
  const plain = groups.map((group) => group.toString(16));
  return [
    normalizeClientAddress(plain.join(":")) as string,
    groups.map((group) => group.toString(16).padStart(4, "0").toUpperCase()).join(":"),
    plain.join(":"),
  ];
}

describe("clientKey", () => {
  it("is an IPv4 address itself, however it reached the shop", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::FFFF:CB00:7109")).toBe("203.0.113.9");
  });

  it("is an IPv6 address's /64 network, in its compressed spelling", () => {
    expect(clientKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0000:0000:abcd:0000:0000:0001")).toBe("2001:db8::/64");
    expect(clientKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80::/64");
    expect(clientKey("::1")).toBe("::/64");
    expect(clientKey("::")).toBe("::/64");
    expect(clientKey("::ffff:0:192.0.2.1")).toBe("::/64");
    expect(clientKey("1:2:3:4::")).toBe("1:2:3:4::/64");
  });

  it("puts every address that is not one under one key", () => {
    for (const address of [undefined, "", "garbage", "203.0.113.9:8080", "[2001:db8::1]"]) {
      expect(clientKey(address)).toBe(UNKNOWN_CLIENT);
    }
  });

  it("gives every spelling of an address, and every address of a /64, one key; other /64s another", () => {
    for (let round = 0; round < 500; round++) {
      const groups = randomGroups();
      // Some rounds with runs of zeros, which compression and expansion write differently.
      if (round % 3 === 0) groups.fill(0, 2 + (round % 5), 5 + (round % 4));
      const keys = new Set(spellings(groups).map(clientKey));
      const sameNetwork = [...groups.slice(0, 4), ...randomGroups().slice(4)];
      for (const spelling of spellings(sameNetwork)) keys.add(clientKey(spelling));
      expect(keys.size, spellings(groups)[0]).toBe(1);

      // BlockList, the system's own subnet check, agrees on which addresses the key holds.
      const [key = ""] = [...keys];
      const [network = "", prefix] = key.split("/");
      const subnet = new BlockList();
      subnet.addSubnet(network, Number(prefix), "ipv6");
      const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
      if (!mapped) {
        expect(subnet.check(spellings(groups)[0] as string, "ipv6")).toBe(true);
        expect(subnet.check(spellings(sameNetwork)[0] as string, "ipv6")).toBe(true);
      }
      const otherNetwork = [...groups];
      otherNetwork[3] = ((otherNetwork[3] as number) + 1) % 0x10000;
      expect(clientKey(spellings(otherNetwork)[1])).not.toBe(key);
      expect(subnet.check(spellings(otherNetwork)[0] as string, "ipv6")).toBe(false);
    }
  });
});

describe("clientNetworks", () => {
  it.each([
    ["203.0.113.9", [{ width: "v4/24", key: "203.0.113.0/24" }]],
    ["::ffff:203.0.113.200", [{ width: "v4/24", key: "203.0.113.0/24" }]],
    [
      "2001:db8:77:1::1",
      [
        { width: "v6/48", key: "2001:db8:77::/48" },
        { width: "v6/32", key: "2001:db8::/32" },
      ],
    ],
    [
      "2001:0DB8:0077:FFFF:1:2:3:4",
      [
        { width: "v6/48", key: "2001:db8:77::/48" },
        { width: "v6/32", key: "2001:db8::/32" },
      ],
    ],
    [
      "2409:40c2:1234:5678::a",
      [
        { width: "v6/48", key: "2409:40c2:1234::/48" },
        { width: "v6/32", key: "2409:40c2::/32" },
      ],
    ],
    [
      "::1",
      [
        { width: "v6/48", key: "::/48" },
        { width: "v6/32", key: "::/32" },
      ],
    ],
    ["not an address", []],
    [undefined, []],
  ])("puts %j in %j", (address, expected) => {
    expect(clientNetworks(address)).toEqual(expected);
  });

  it("gives every /64 of one /48 the same /48, and another /48 another", () => {
    const of = (address: string) => clientNetworks(address)[0]!.key;
    expect(of("2001:db8:4801:1::1")).toBe(of("2001:db8:4801:ffff:aaaa::9"));
    expect(of("2001:db8:4801:1::1")).not.toBe(of("2001:db8:4802:1::1"));
  });
});
