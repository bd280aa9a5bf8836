// Which addresses a profile feed may be fetched from. A user types the feed's URL, so without a
// guard the server could be made to probe its own network (the loopback, the LAN, a cloud
// metadata service at 169.254.169.254). Addresses are checked where the connection is made: an
// IP literal before connecting, a host name in the `lookup` given to node:http, so that the
// address checked is the address connected to (no second DNS answer in between).
import dns from 'node:dns';
import net from 'node:net';
import { ConnectorError } from './connector-error';

/** Whether a connection to `address` (an IP) may be made. */
export type AddressPolicy = (address: string) => boolean;

type Range = [base: bigint, prefix: number];

function v4(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address (a zone such as %eth0 ignored, a trailing dotted quad read). */
function v6(address: string): bigint {
  let text = address.split('%')[0].toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const bits = v4(quad[1]);
    text = `${text.slice(0, -quad[1].length)}${(bits >> 16n).toString(16)}:${(bits & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

const inRange = (bits: bigint, width: number, [base, prefix]: Range) => bits >> BigInt(width - prefix) === base >> BigInt(width - prefix);

/** Not on the public internet: loopback, private, link-local, shared, reserved, multicast (RFC 6890). */
const V4_RANGES: Range[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 included
].map(([base, prefix]) => [v4(base as string), prefix as number]);

const V6_RANGES: Range[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
].map(([base, prefix]) => [v6(base as string), prefix as number]);

/** IPv6 forms that carry an IPv4 address: where it sits (prefix and bit offset). */
const V6_EMBEDDING_V4: [Range, number][] = [
  [[v6('::ffff:0:0'), 96], 0], // IPv4-mapped
  [[v6('::'), 96], 0], // IPv4-compatible (deprecated)
  [[v6('64:ff9b::'), 96], 0], // NAT64
  [[v6('2002::'), 16], 80], // 6to4
];

const privateV4 = (bits: bigint) => V4_RANGES.some((range) => inRange(bits, 32, range));

/** True for an address that is not a public unicast one (IPv4 or IPv6); false for anything else. */
export function isPrivateAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return privateV4(v4(text));
  if (!net.isIPv6(text)) return false;
  const bits = v6(text);
  if (V6_RANGES.some((range) => inRange(bits, 128, range))) return true;
  return V6_EMBEDDING_V4.some(([range, offset]) => inRange(bits, 128, range) && privateV4((bits >> BigInt(offset)) & 0xffffffffn));
}

export const publicOnly: AddressPolicy = (address) => !isPrivateAddress(address);
export const anyAddress: AddressPolicy = () => true;

/** What a refused address was for, as the message names it, and the error's type. */
export interface Destination {
  subject: string;
  type: string;
}
export const FEED: Destination = { subject: "The feed's address", type: 'FeedAddressRefused' };

export function refusal(host: string, address: string, destination: Destination = FEED): ConnectorError {
  const shown = host === address ? address : `${host} (${address})`;
  return new ConnectorError(
    `${destination.subject} ${shown} is a loopback, link-local or private address: refused (the server's operator may allow such addresses with ALLOW_PRIVATE_FEEDS=1).`,
    { type: destination.type },
  );
}

/** A URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Refuses what may not be fetched before connecting: another scheme than http or
 * https, and an IP literal the policy refuses (node:http looks up host names only).
 */
export function checkFeedUrl(url: URL, allow: AddressPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectorError(`The feed's URL must start with http:// or https://, not ${url.protocol}//.`, { type: 'FeedAddressRefused' });
  }
  const host = hostOf(url);
  if (net.isIP(host) && !allow(host)) throw refusal(host, host);
}

/**
 * A `lookup` for node:http and node:https that resolves the host and fails with
 * a refusal when any of its addresses is refused; the connection is then made
 * to the addresses checked here.
 */
export function guardedLookup(allow: AddressPolicy, destination: Destination = FEED): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      const refused = addresses.find(({ address }) => !allow(address));
      if (refused) return callback(refusal(hostname, refused.address, destination) as NodeJS.ErrnoException, '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
