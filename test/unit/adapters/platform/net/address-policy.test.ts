import { expect } from 'chai';
import { isForbiddenAddress } from '../../../../../src/adapters/platform/net/address-policy.ts';

/** Every special-purpose range (IANA's IPv4 and IPv6 registries), each with addresses inside it. */
const REFUSED: readonly (readonly [range: string, addresses: readonly string[]])[] = [
  ['0.0.0.0/8 this network', ['0.0.0.0', '0.1.2.3']],
  ['10.0.0.0/8 private', ['10.0.0.1', '10.255.255.255']],
  [
    '100.64.0.0/10 carrier-grade NAT (Alibaba metadata)',
    ['100.64.0.1', '100.100.100.200', '100.127.255.255'],
  ],
  ['127.0.0.0/8 loopback', ['127.0.0.1', '127.8.9.10']],
  ['169.254.0.0/16 link-local (cloud metadata)', ['169.254.169.254', '169.254.0.1']],
  ['172.16.0.0/12 private', ['172.16.0.1', '172.31.255.255']],
  ['192.0.0.0/24 IETF protocol assignments', ['192.0.0.170', '192.0.0.8']],
  ['192.0.2.0/24 TEST-NET-1', ['192.0.2.1']],
  ['192.88.99.0/24 6to4 relay anycast', ['192.88.99.1']],
  ['192.168.0.0/16 private', ['192.168.1.1']],
  ['198.18.0.0/15 benchmarking', ['198.18.0.1', '198.19.255.254']],
  ['198.51.100.0/24 TEST-NET-2', ['198.51.100.7']],
  ['203.0.113.0/24 TEST-NET-3', ['203.0.113.9']],
  ['224.0.0.0/4 multicast', ['224.0.0.1', '239.255.255.250']],
  ['240.0.0.0/4 reserved, broadcast', ['240.0.0.1', '255.255.255.255']],
  ['::/128 and ::1/128', ['::', '::1', '0:0:0:0:0:0:0:1']],
  ['::/96 IPv4-compatible', ['::127.0.0.1', '::7f00:1', '::808:808']],
  ['::ffff:0:0/96 IPv4-mapped', ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:808:808']],
  ['::ffff:0:0:0/96 SIIT', ['::ffff:0:a00:1', '::ffff:0:808:808']],
  ['64:ff9b::/96 NAT64', ['64:ff9b::a00:1', '64:ff9b::8.8.8.8']],
  ['64:ff9b:1::/48 local NAT64', ['64:ff9b:1::a00:1', '64:ff9b:1:ffff::1']],
  ['100::/64 discard', ['100::1']],
  ['2001::/32 Teredo', ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1']],
  ['2001::/23 IETF protocol assignments (benchmarking, ORCHID)', ['2001:2::1', '2001:10::1', '2001:20::1']],
  ['2001:db8::/32 documentation', ['2001:db8::1']],
  ['2002::/16 6to4', ['2002:7f00:1::1', '2002:808:808::1']],
  ['3fff::/20 documentation', ['3fff::1']],
  ['fc00::/7 unique local (AWS metadata)', ['fc00::1', 'fd00:ec2::254']],
  ['fe80::/10 link-local', ['fe80::1', 'fe80::1%eth0']],
  ['fec0::/10 site-local', ['fec0::1', 'feff::1']],
  ['ff00::/8 multicast', ['ff02::1']],
  ['outside 2000::/3, unassigned', ['4000::1', '1::1']],
  ['not an address', ['not an address', '', '1.2.3', '::ffff:1.2.3.4.5']],
];

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '192.0.3.1',
  '2606:4700:4700::1111',
  '2a00:1450::1',
];

describe('outbound address policy: only global unicast', () => {
  for (const [range, addresses] of REFUSED) {
    it(`refuses ${range}`, () => {
      for (const address of addresses) expect(isForbiddenAddress(address), address).to.equal(true);
    });
  }

  it('lets global unicast addresses through', () => {
    for (const address of ALLOWED) expect(isForbiddenAddress(address), address).to.equal(false);
  });
});
