import { BlockList, isIP } from 'node:net';

/**
 * Outbound calls (webhooks, and every later outbound call) reach global unicast addresses only, unless the
 * operator allows private ones for local testing. IPv4: everything but IANA's special-purpose ranges:
 * this host and network, private networks, link-local (the cloud metadata service, 169.254.169.254),
 * carrier-grade NAT (Alibaba's metadata at 100.100.100.200), IETF assignments, the TEST-NETs, the 6to4 relay,
 * benchmarking, multicast, reserved and broadcast.
 */
const REFUSED_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED_IPV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6: only 2000::/3, the global unicast block, so every form that carries an IPv4 address outside it is
 * refused outright (IPv4-compatible `::/96`, mapped `::ffff:0:0/96`, SIIT, NAT64 `64:ff9b::/96` and the local
 * `64:ff9b:1::/48`), as are loopback, unique-local (fd00:ec2::254, AWS's metadata), link-local, site-local
 * `fec0::/10`, discard `100::/64` and multicast. Inside 2000::/3, the forms that tunnel to an IPv4 address
 * (Teredo `2001::/32`, inside the IETF block `2001::/23`; 6to4 `2002::/16`) and documentation are refused.
 */
const GLOBAL_IPV6 = new BlockList();
GLOBAL_IPV6.addSubnet('2000::', 3, 'ipv6');
const REFUSED_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  REFUSED_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one outbound calls must not reach; anything unparsable is. */
export function isForbiddenAddress(address: string): boolean {
  // A zone (`fe80::1%eth0`) names an interface, never a global address.
  const bare = address.includes(':') ? (address.split('%')[0] ?? '') : address;
  const family = isIP(bare);
  if (family === 4) return REFUSED_IPV4.check(bare, 'ipv4');
  if (family === 6) return !GLOBAL_IPV6.check(bare, 'ipv6') || REFUSED_IPV6.check(bare, 'ipv6');
  return true;
}
