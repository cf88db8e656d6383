import { BlockList, isIP } from 'node:net';

/** Which X-Forwarded-* hops to believe: false (none), a hop count (the nearest N proxies) or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** An IP address, or a network in CIDR notation ("10.0.1.0/24"). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  return isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
}

/**
 * TRUST_PROXY: a hop count ("1"), the proxies' addresses or networks ("10.0.0.1,10.0.1.0/24"), or "false".
 * "true" (trust every hop) is refused: a made-up X-Forwarded-For would then choose the client's address.
 */
export function parseTrustProxy(value: string | undefined, fallback: TrustProxy): TrustProxy {
  if (value === undefined || value.trim() === '') return fallback;
  const text = value.trim();
  if (/^(0|false|no|off)$/i.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text))
    throw new Error('TRUST_PROXY must be a hop count or the proxy addresses, not "true" (every hop)');
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  if (!addresses.every(isAddressOrNetwork))
    throw new Error(`TRUST_PROXY must be a hop count or IP addresses/networks, got "${value}"`);
  return addresses;
}

/** Addresses only this machine or a private network can reach: loopback, RFC 1918, unique-local, link-local. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
})();

/** Whether listening on `host` may expose the port beyond this machine and its private network. */
export function isPublicInterface(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  if (address === 'localhost') return false;
  const family = isIP(address);
  // A name other than localhost, or the wildcard addresses, may be any interface.
  if (family === 0 || address === '0.0.0.0' || address === '::') return true;
  return !PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The start-up warning of a production server that believes X-Forwarded-For (TRUST_PROXY) while listening on a
 * public interface: anyone who reaches the port directly can then choose the address the per-IP limits see.
 * The app port must be reachable only through the proxy (docs/security.md, README configuration).
 */
export function proxyExposureWarning(config: {
  env: string;
  trustProxy: TrustProxy;
  host: string;
}): string | undefined {
  if (config.env !== 'production' || config.trustProxy === false) return undefined;
  if (!isPublicInterface(config.host)) return undefined;
  return `TRUST_PROXY is set and the server listens on ${config.host}, a public interface: per-IP limits trust the X-Forwarded-For of the configured proxy hops, so the app port must be reachable only through the proxy (set HOST to a private address, or firewall the port)`;
}

/** Loopback, and the private networks an operator's scraper sits in. */
export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1'];
export const METRICS_PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

/** METRICS_ALLOW: "off", or addresses and networks ("127.0.0.1,10.0.0.0/8"). */
export function parseMetricsAllow(value: string | undefined, fallback: false | string[]): false | string[] {
  if (value === undefined || value.trim() === '') return fallback;
  if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  const entries = value.split(',').map((part) => part.trim());
  if (!entries.every(isAddressOrNetwork))
    throw new Error(`METRICS_ALLOW must be "off" or IP addresses/networks, got "${value}"`);
  return entries;
}
