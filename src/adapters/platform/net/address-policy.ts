import { BlockList, isIP } from 'node:net';

/**
 * Addresses outbound webhooks never connect to (unless OUTBOUND_WEBHOOKS_ALLOW_PRIVATE): this host, private
 * networks, link-local (which holds the cloud metadata service, 169.254.169.254 and fd00:ec2::254 alike),
 * carrier-grade NAT (Alibaba's metadata at 100.100.100.200), and the unspecified, multicast and reserved
 * ranges. IPv4 written inside IPv6 (mapped, NAT64) is judged as the IPv4 it carries.
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** IPv4-mapped (`::ffff:`) and NAT64 (`64:ff9b::`) addresses, dotted or in hex as URLs write them. */
const EMBEDDED_DOTTED = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i;
const EMBEDDED_HEX = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** Whether `address` (an IP literal) is one outbound webhooks must not reach; anything unparsable is. */
export function isForbiddenAddress(address: string): boolean {
  const embedded = embeddedIpv4(address);
  if (embedded) return isForbiddenAddress(embedded);
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function embeddedIpv4(address: string): string | undefined {
  const dotted = EMBEDDED_DOTTED.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = EMBEDDED_HEX.exec(address);
  if (!hex) return undefined;
  const [high, low] = [Number.parseInt(hex[1] as string, 16), Number.parseInt(hex[2] as string, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
