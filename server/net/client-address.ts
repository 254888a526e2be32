// Who is calling, as a network address: the direct peer of the connection, or, when that peer is
// one of the reverse proxies named in TRUST_PROXY, the address that proxy reports in
// X-Forwarded-For (walked from the right: the first address not itself a trusted proxy). Without
// TRUST_PROXY the header is ignored: any client can write it. The per-client limits key on
// `addressBucket`, which gives an IPv6 client its /64 (one machine usually holds a whole /64).
// Pure apart from proxy-addr's parsing.
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

export interface TrustProxy {
  /** TRUST_PROXY as given, for messages. */
  text: string;
  trusts: (address: string, hop: number) => boolean;
}

const TRUST_PROXY_HELP =
  "TRUST_PROXY lists the addresses of the reverse proxies in front of the app, comma-separated: IP addresses, CIDR ranges (10.0.0.0/8), or loopback, linklocal, uniquelocal";

/** TRUST_PROXY parsed; null when unset or empty (no proxy is trusted). Throws a message naming the variable. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const entries = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  try {
    return { text: entries.join(","), trusts: proxyAddr.compile(entries) };
  } catch (error) {
    throw new Error(`${TRUST_PROXY_HELP} (it is ${JSON.stringify(raw)}: ${(error as Error).message})`, {
      cause: error,
    });
  }
}

export function readTrustProxy(env: Record<string, string | undefined> = process.env): TrustProxy | null {
  return parseTrustProxy(env.TRUST_PROXY);
}

/**
 * The client's address: `peer` (the connection's remote address) unless it is a trusted proxy,
 * then what X-Forwarded-For says behind it. Null when the peer is unknown (under `next dev`).
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustProxy | null,
): string | null {
  if (!peer) return null;
  if (!trust) return unmapIPv4(peer);
  const request = { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor ?? "" } };
  const chain = proxyAddr.all(request as unknown as IncomingMessage, trust.trusts);
  return unmapIPv4(chain[chain.length - 1] ?? peer);
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) as "1.2.3.4". */
function unmapIPv4(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address.trim());
  return mapped ? mapped[1]! : address.trim();
}

/** The eight 16-bit groups of an IPv6 address; null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, ""); // zone index
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((n) => n > 255)) return null;
    text = text.slice(0, v4.index) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * What per-client limits count against: an IPv4 address as is, an IPv6 address as its /64
 * ("2001:db8:1:2::/64"), anything else (a proxy's odd report) as written; "unknown" without one.
 */
export function addressBucket(address: string | null): string {
  if (!address) return "unknown";
  const plain = unmapIPv4(address);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain.toLowerCase().slice(0, 100);
  if (groups.slice(0, 6).every((g, i) => (i === 5 ? g === 0xffff : g === 0))) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
