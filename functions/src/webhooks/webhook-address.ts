/**
 * Where a webhook may be delivered (issue 25 §2, decision 114): an `https:` URL whose host resolves
 * only to public addresses, checked at registration and again before each delivery. The check
 * answers the address it approved, and the delivery connects to that address (webhook-delivery.ts),
 * so a name that resolves to a public address for the check and a private one for the connection
 * (DNS rebinding) cannot reach the VPC, the metadata service or loopback.
 *
 * The local stack's receiver listens on http://127.0.0.1: `allowLoopbackHttp` lets loopback and
 * plain http through, and only the local stack's configuration sets it (WEBHOOK_ALLOW_LOOPBACK in
 * infra/local); the AWS deployment never defines that variable.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ENV } from '../lib/env';

export interface AddressPolicy {
  /** Local stack only: http:// and loopback addresses accepted (for the local receiver). */
  allowLoopbackHttp: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution, injectable for tests: every address the name has. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveAll: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export type AddressRefusal = 'invalid-url' | 'not-https' | 'credentials-in-url' | 'unresolvable' | 'private-address';

export type AddressCheck =
  { allowed: true; url: URL; hostname: string; pinned: ResolvedAddress } | { allowed: false; reason: AddressRefusal };

/**
 * Ranges no webhook may reach: IANA special-purpose blocks (RFC 6890 and its updates) that are not
 * globally reachable, plus multicast and reserved space.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including the instance metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when the address is globally reachable: not private, loopback, link-local or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== undefined) return isIP(ipv4) === 4 && !notPublic.check(ipv4, 'ipv4');
  // IPv4-compatible ::a.b.c.d (deprecated) and the rest of ::/96 are refused with it.
  if (/^::[0-9a-f.:]*$/i.test(address) && address !== '::') return false;
  return !notPublic.check(address, 'ipv6');
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family === 4 ? loopback.check(address, 'ipv4') : family === 6 && loopback.check(address, 'ipv6');
}

/**
 * Checks a webhook URL and resolves its host once: every address must be allowed (a name with one
 * private address among public ones is refused), and the first one is the one to connect to.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolve = resolveAll,
): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { allowed: false, reason: 'invalid-url' };
  }
  if (url.username || url.password) return { allowed: false, reason: 'credentials-in-url' };
  if (url.protocol !== 'https:' && !(policy.allowLoopbackHttp && url.protocol === 'http:')) {
    return { allowed: false, reason: 'not-https' };
  }
  // URL keeps IPv6 literals in brackets.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return { allowed: false, reason: 'unresolvable' };
    }
  }
  if (addresses.length === 0) return { allowed: false, reason: 'unresolvable' };
  const allowed = (address: string) => isPublicAddress(address) || (policy.allowLoopbackHttp && isLoopback(address));
  if (!addresses.every(({ address }) => allowed(address))) return { allowed: false, reason: 'private-address' };
  // Plain http only ever to loopback, and only locally.
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopback(address))) {
    return { allowed: false, reason: 'not-https' };
  }
  return { allowed: true, url, hostname, pinned: addresses[0]! };
}

/** This container's policy: loopback http only where the local stack set WEBHOOK_ALLOW_LOOPBACK. */
export function containerAddressPolicy(): AddressPolicy {
  return { allowLoopbackHttp: process.env[ENV.webhookAllowLoopback] === 'true' };
}
