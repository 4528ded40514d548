import { BlockList, isIP, isIPv4 } from 'node:net';
import { loginSource } from './limits.ts';

/** What a private, loopback or link-local address is stored as: no network worth naming. */
export const LOCAL_NETWORK = 'local';

const local = new BlockList();
for (const [prefix, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
] as const) {
  local.addSubnet(prefix, bits, 'ipv4');
}
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/**
 * The network an address belongs to, as the security page shows it (decision 055): the one the
 * login limits count failures by (an IPv4 /24, an IPv6 /48, lib/limits.ts), or `local` for a
 * private, loopback or link-local address; never the address itself. Null when it is no address.
 */
export function addressNetwork(ip: string): string | null {
  const address = ip.split('%')[0] ?? '';
  if (isIP(address) === 0) return null;
  // An IPv4-mapped IPv6 address comes back as the IPv4 address it carries.
  const source = loginSource(address);
  const isLocal = isIPv4(source.address) ? local.check(source.address, 'ipv4') : local.check(address, 'ipv6');
  return isLocal ? LOCAL_NETWORK : source.network;
}
