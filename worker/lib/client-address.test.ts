import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "#server/lib/client-address.ts";

describe("rateLimitAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 10.0.0.1 ", "10.0.0.1"],
    // An IPv6 client is keyed by its /64, however the address is written.
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:abcd::", "2001:db8:0:0::/64"],
    ["2001:db8:a:b::c", "2001:db8:a:b::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:5:6::1]", "2001:db8:5:6::/64"],
    ["2001:db8:1:2:3:4:1.2.3.4", "2001:db8:1:2::/64"],
    // IPv4-mapped IPv6 is the IPv4 client it stands for.
    ["::ffff:198.51.100.9", "198.51.100.9"],
    ["::FFFF:c633:6409", "198.51.100.9"],
    ["0:0:0:0:0:ffff:198.51.100.9", "198.51.100.9"],
  ])("%s -> %s", (input, expected) => {
    expect(rateLimitAddress(input)).toBe(expected);
  });

  it("puts every address of one /64 under one key and neighbouring /64s under their own", () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) =>
        rateLimitAddress(`2001:db8:aa:bb:${i.toString(16)}:${(i * 7).toString(16)}::${i}`),
      ),
    );
    expect([...keys]).toEqual(["2001:db8:aa:bb::/64"]);
    expect(rateLimitAddress("2001:db8:aa:bc::1")).not.toBe(rateLimitAddress("2001:db8:aa:bb::1"));
  });

  it.each([
    null,
    undefined,
    "",
    "not an address",
    "1.2.3",
    "1.2.3.256",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "12345::",
    "1:2:3:4:5:6:7",
    "::ffff:1.2.3",
  ])("reads %j as unknown", (input) => {
    expect(rateLimitAddress(input)).toBe("unknown");
  });
});
