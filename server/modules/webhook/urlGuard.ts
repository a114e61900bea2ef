import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { ServerConfig } from '../../config';

/**
 * Where a webhook may be sent (docs/webhooks.md "Endpoints"): `https://` only; in devnet mode also
 * `http://` to this machine (a receiver beside the devnet). On a real network (rpc mode) no request
 * goes to a private, loopback, link-local or unique-local address: a URL naming one is refused,
 * a name is resolved (every address it has) and refused if any is one, and the delivery checks
 * again at connection time (./delivery.ts `guardedLookup`), since a name may resolve elsewhere later.
 */

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/** An address no webhook of a real network may reach (an IPv4 address written as IPv6 is read as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a URL is refused (a message key of `validation.*`), or null; DNS is asked in rpc mode only. */
export async function webhookUrlProblem(raw: string, mode: ServerConfig['chainMode']): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'validation.webhookUrl';
  }
  if (url.username || url.password) return 'validation.webhookUrl';
  if (url.protocol === 'http:') return mode === 'devnet' && LOOPBACK_NAMES.has(url.hostname) ? null : 'validation.webhookUrl';
  if (url.protocol !== 'https:') return 'validation.webhookUrl';
  if (mode === 'devnet') return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  if (addresses === null) return 'validation.webhookUnresolved';
  return addresses.some(isInternalAddress) ? 'validation.webhookPrivateAddress' : null;
}

const resolveAll = (host: string) =>
  new Promise<string[] | null>((resolve) =>
    lookup(host, { all: true }, (error, found: LookupAddress[]) => resolve(error ? null : found.map((a) => a.address))),
  );
