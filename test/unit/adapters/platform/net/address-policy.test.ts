import { expect } from 'chai';
import { isForbiddenAddress } from '../../../../../src/adapters/platform/net/address-policy.ts';

describe('outbound webhook address policy', () => {
  it('refuses loopback, private, link-local, metadata and other non-public addresses, in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254', // AWS, GCP, Azure metadata
      '100.100.100.200', // Alibaba metadata (carrier-grade NAT range)
      '192.0.0.170',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254', // AWS metadata over IPv6
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1', // the same, as URLs write it
      '::ffff:a9fe:a9fe', // 169.254.169.254
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      'not an address',
    ]) {
      expect(isForbiddenAddress(address), address).to.equal(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:808:808',
    ]) {
      expect(isForbiddenAddress(address), address).to.equal(false);
    }
  });
});
