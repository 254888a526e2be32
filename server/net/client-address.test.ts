import { describe, expect, it } from "vitest";
import { addressBucket, clientAddress, parseTrustProxy } from "./client-address";

describe("clientAddress", () => {
  it("without TRUST_PROXY is the peer, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", null)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:127.0.0.1", "10.1.2.3, 198.51.100.1", null)).toBe("127.0.0.1");
    expect(clientAddress("2001:db8::1", null, null)).toBe("2001:db8::1");
  });

  it("from a trusted proxy is the address behind it in X-Forwarded-For, walked from the right", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "198.51.100.1", trust)).toBe("198.51.100.1");
    // A client's own X-Forwarded-For entries come first; the proxies append the real peer.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 198.51.100.1, 10.0.0.5", trust)).toBe("198.51.100.1");
    // Every hop trusted: the furthest address reported.
    expect(clientAddress("127.0.0.1", "10.0.0.9", trust)).toBe("10.0.0.9");
    // No header: the proxy itself.
    expect(clientAddress("::ffff:127.0.0.1", null, trust)).toBe("127.0.0.1");
  });

  it("from an untrusted peer ignores X-Forwarded-For even when TRUST_PROXY is set", () => {
    const trust = parseTrustProxy("10.0.0.1");
    expect(clientAddress("203.0.113.7", "198.51.100.1", trust)).toBe("203.0.113.7");
  });

  it("is null when the peer is unknown", () => {
    expect(clientAddress(null, "198.51.100.1", parseTrustProxy("loopback"))).toBeNull();
  });
});

describe("parseTrustProxy", () => {
  it("is null when unset or empty", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy(" , ")).toBeNull();
  });
  it.each(["proxy.example.com", "10.0.0.0/33", "loopback;10.0.0.1"])(
    "refuses %j, naming the variable and what it takes",
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY lists the addresses .* CIDR ranges/);
      expect(() => parseTrustProxy(raw)).toThrow(JSON.stringify(raw));
    },
  );
});

describe("addressBucket", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:cb00:7107", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::99", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    [null, "unknown"],
    ["not an address", "not an address"],
  ])("%s counts as %s", (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });

  it("gives every address of one /64 the same bucket and another /64 another", () => {
    expect(addressBucket("2001:db8:aa:bb::1")).toBe(addressBucket("2001:db8:aa:bb:ffff:ffff:ffff:ffff"));
    expect(addressBucket("2001:db8:aa:bb::1")).not.toBe(addressBucket("2001:db8:aa:bc::1"));
  });
});
