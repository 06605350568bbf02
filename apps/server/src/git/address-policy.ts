import { BlockList, isIP } from 'node:net';

/**
 * Which resolved addresses a repository host may have (DESIGN.md section 8): only public ones,
 * unless ALLOW_PRIVATE_NETWORK=1. Without this rule "connect a repo" would be a server-side
 * request forgery tool for the machine's own network (metadata services, databases, admin UIs).
 */

type Range = [address: string, prefix: number, family: 'ipv4' | 'ipv6', label: string];

/** Checked in order; the first match names the reason. */
const RANGES: Range[] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.0.2.0', 24, 'ipv4', 'reserved for documentation'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved for benchmarks'],
  ['198.51.100.0', 24, 'ipv4', 'reserved for documentation'],
  ['203.0.113.0', 24, 'ipv4', 'reserved for documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['::ffff:0:0', 96, 'ipv6', 'IPv4-mapped'],
  ['::', 96, 'ipv6', 'IPv4-compatible'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64'],
  ['64:ff9b:1::', 48, 'ipv6', 'NAT64'],
  ['100::', 64, 'ipv6', 'discard-only'],
  ['2001::', 32, 'ipv6', 'Teredo'],
  ['2001:db8::', 32, 'ipv6', 'reserved for documentation'],
  ['2002::', 16, 'ipv6', '6to4'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const LISTS = RANGES.map(([address, prefix, family, label]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { family, label, list };
});

/**
 * Why an IP address is not public ("private", "loopback", "IPv4-mapped"…), or null when it is.
 * IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are refused as
 * a whole: they are how a loopback address hides behind an innocent-looking literal.
 */
export function nonPublicReason(address: string): string | null {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const entry of LISTS) {
    // BlockList matches IPv4-mapped IPv6 against IPv4 rules too; check families separately.
    if (entry.family === family && entry.list.check(address, family)) return entry.label;
  }
  return null;
}

/**
 * The dotted form of a numeric IPv4 host in any spelling `inet_aton` accepts: decimal
 * (`2130706433`), octal (`0177.0.0.1`), hex (`0x7f.1`) and short forms (`127.1`). The system
 * resolver turns these into addresses, so they must be checked as the addresses they are.
 * Null when the host is not such a number.
 */
export function parseLooseIpv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = parseInt(part, 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return null;
  const lastBits = 8 * (4 - numbers.length);
  if (last >= 2 ** lastBits) return null;
  const bytes = [...numbers];
  for (let shift = lastBits - 8; shift >= 0; shift -= 8)
    bytes.push(Math.floor(last / 2 ** shift) % 256);
  return bytes.join('.');
}
