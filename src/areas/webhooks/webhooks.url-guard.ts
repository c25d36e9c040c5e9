import { BlockList, isIP } from 'node:net';

/**
 * Which webhook targets the service will post to. Pure: no network, no clock. Two checks:
 *
 * - `checkWebhookUrl` when an endpoint is registered and again before every attempt: https,
 *   port 443, no credentials, at most 2,048 characters, a public host *name* (never an IP
 *   literal in any spelling) outside the names reserved for private networks.
 * - `isPublicAddress` at connect time, on every address the host name resolved to, so a name
 *   that later resolves inside (DNS rebinding) is refused at the moment of the connection.
 *
 * The URL is read with the WHATWG parser, the one the sending side uses too: decimal, octal,
 * hexadecimal and short IPv4 forms, percent-encoding, mixed case and internationalised names
 * all reach the checks below in their normalised form, so no spelling escapes them.
 */

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlVerdict = { ok: true; url: URL; loopback: boolean } | { ok: false; reason: string };

/** Top-level names that never lead to the public internet. */
const RESERVED_TLDS = new Set([
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'private',
  'lan',
  'home',
  'corp',
  'test',
  'example',
  'invalid',
  'onion',
  'arpa',
  'svc',
  'alt',
]);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_RAW = /[\u0000-\u0020\u007f-\u009f\\]/;

export function checkWebhookUrl(raw: unknown, options: { allowLoopback?: boolean } = {}): UrlVerdict {
  if (typeof raw !== 'string' || raw.length === 0) return refuse('the URL is empty');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return refuse('the URL is longer than 2,048 characters');
  // The parser silently drops tabs and line breaks and reads a backslash as a slash: refuse
  // them rather than post somewhere the funder did not write.
  if (UNSAFE_RAW.test(raw)) return refuse('the URL contains spaces, control characters or backslashes');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('the URL cannot be read');
  }
  if (url.username !== '' || url.password !== '') return refuse('the URL carries a user name or password');
  const host = url.hostname;

  if (options.allowLoopback && isLoopbackTarget(url)) return { ok: true, url, loopback: true };

  if (url.protocol !== 'https:') return refuse('the URL must use https');
  if (url.port !== '') return refuse('the URL must use port 443');
  if (host.startsWith('[') || isIP(host) !== 0) return refuse('the host must be a name, not an IP address');
  if (host.endsWith('.')) return refuse('the host name must not end with a dot');
  if (host.length > 253) return refuse('the host name is too long');
  const labels = host.split('.');
  if (labels.length < 2) return refuse('the host must be a public, fully qualified name');
  if (!labels.every((label) => LABEL.test(label))) return refuse('the host name is not a valid name');
  const tld = labels[labels.length - 1]!;
  if (/^[0-9]+$/.test(tld) || /^0x/i.test(tld)) return refuse('the host looks like an IP address');
  if (RESERVED_TLDS.has(tld)) return refuse('the host name belongs to a private or reserved domain');
  if (labels.includes('localhost')) return refuse('the host name is a name of this machine');
  return { ok: true, url, loopback: false };
}

/** The test allowance: plain http(s) to 127.0.0.1 or localhost on an explicit port. */
function isLoopbackTarget(url: URL): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
    url.port !== ''
  );
}

function refuse(reason: string): UrlVerdict {
  return { ok: false, reason };
}

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}

/** IPv6 is public only inside global unicast (2000::/3), minus what is reserved there. */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether a resolved address may be connected to. IPv4-mapped, NAT64, 6to4, unique-local,
 * link-local, multicast and every other non-global IPv6 range are refused whatever IPv4
 * address they carry.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family === 6) {
    const bare = address.replace(/%.*$/, '');
    return globalV6.check(bare, 'ipv6') && !blockedV6.check(bare, 'ipv6');
  }
  return false;
}

/** Loopback addresses, the only ones the test allowance may reach. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  return family === 6 && (address === '::1' || /^::ffff:127\./i.test(address));
}
