// The key that per-address rate limits count under. One IPv4 address is one key, but an IPv6 client
// usually holds a whole /64 (its provider routes the /64 to it and it may pick any address inside),
// so an IPv6 address is keyed by its first four hextets. IPv4-mapped IPv6 (::ffff:a.b.c.d) is the
// IPv4 client it stands for.

const UNKNOWN = "unknown";

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

/** The eight hextets of an IPv6 address (with :: expanded and a dotted IPv4 tail read), or null. */
function parseIpv6(text: string): number[] | null {
  let rest = text;
  // A dotted IPv4 tail ("::ffff:1.2.3.4") is the last two hextets written another way.
  const lastColon = rest.lastIndexOf(":");
  const last = rest.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = parseIpv4(last);
    if (!v4) return null;
    rest = `${rest.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const read = (half: string | undefined) => (half ? half.split(":") : []);
  const head = read(halves[0]);
  const after = read(halves[1]);
  if (![...head, ...after].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const given = head.length + after.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = halves.length === 2 ? new Array<number>(8 - given).fill(0) : [];
  return [...head.map((group) => parseInt(group, 16)), ...zeros, ...after.map((group) => parseInt(group, 16))];
}

/**
 * The rate-limit key for a client address as CF-Connecting-IP gives it: an IPv4 address as is, an
 * IPv6 address as its /64 ("2001:db8:0:1::/64"), an IPv4-mapped IPv6 address as the IPv4 address.
 * Anything unreadable (no header: a local request) is "unknown".
 */
export function rateLimitAddress(header: string | null | undefined): string {
  const text = (header ?? "")
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (!text) return UNKNOWN;
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  if (!text.includes(":")) return UNKNOWN;
  const v6 = parseIpv6(text);
  if (!v6) return UNKNOWN;
  // ::ffff:0:0/96, the IPv4-mapped range: the client is the IPv4 address in the last 32 bits.
  if (v6.slice(0, 5).every((h) => h === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join(".");
  }
  return `${v6
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}
