import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./service.server.ts";

describe("rateLimitAddress", () => {
  it("counts an IPv4 address as itself, also when written as IPv6", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:abcd:12::/64";
    for (const address of ["2001:db8:abcd:12::1", "2001:0DB8:ABCD:0012:0000:0000:0000:0001", "2001:db8:abcd:12:ffff:ffff:ffff:ffff", "2001:db8:abcd:12::1%eth0"]) {
      expect(rateLimitAddress(address), address).toBe(key);
    }
    expect(rateLimitAddress("2001:db8:abcd:13::1")).toBe("2001:db8:abcd:13::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps anything else as it came (the server's 'unknown')", () => {
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });
});
