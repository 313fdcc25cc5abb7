import { expect } from 'chai';
import { clientIp, invalidTrustedProxies } from '../../../../../src/adapters/platform/http/client-ip.ts';

describe('clientIp', () => {
  describe('without trusted proxies', () => {
    it('answers the socket address and ignores a forged X-Forwarded-For', () => {
      expect(clientIp('203.0.113.7', '198.51.100.1', [])).to.equal('203.0.113.7');
      expect(clientIp('203.0.113.7', '127.0.0.1, 10.0.0.1', [])).to.equal('203.0.113.7');
      expect(clientIp('203.0.113.7', undefined, [])).to.equal('203.0.113.7');
    });

    it('ignores the header when the peer is not one of the trusted proxies', () => {
      expect(clientIp('203.0.113.7', '198.51.100.1', ['10.0.0.1'])).to.equal('203.0.113.7');
      expect(clientIp('203.0.113.7', '198.51.100.1', ['10.0.0.0/8'])).to.equal('203.0.113.7');
    });
  });

  describe('behind trusted proxies', () => {
    const proxies = ['10.0.0.1', '10.0.0.2'];

    it('takes the address the trusted proxy appended', () => {
      expect(clientIp('10.0.0.1', '198.51.100.1', proxies)).to.equal('198.51.100.1');
    });

    it('walks from the right over a chain of trusted proxies to the first untrusted address', () => {
      expect(clientIp('10.0.0.1', '198.51.100.1, 10.0.0.2', proxies)).to.equal('198.51.100.1');
      expect(clientIp('10.0.0.1', '198.51.100.1,10.0.0.2,10.0.0.1', proxies)).to.equal('198.51.100.1');
    });

    it('does not believe what the client wrote to the left of the address the proxy saw', () => {
      // The client sent "X-Forwarded-For: 1.1.1.1, 10.0.0.2"; the proxy appended the real peer.
      expect(clientIp('10.0.0.1', '1.1.1.1, 10.0.0.2, 198.51.100.1', proxies)).to.equal('198.51.100.1');
    });

    it('answers the farthest hop when every entry is a trusted proxy', () => {
      expect(clientIp('10.0.0.1', '10.0.0.2', proxies)).to.equal('10.0.0.2');
    });

    it('answers the proxy itself when it sent no header, an empty one or only garbage', () => {
      expect(clientIp('10.0.0.1', undefined, proxies)).to.equal('10.0.0.1');
      expect(clientIp('10.0.0.1', '', proxies)).to.equal('10.0.0.1');
      expect(clientIp('10.0.0.1', 'unknown, _hidden, , not an ip', proxies)).to.equal('10.0.0.1');
    });

    it('trusts CIDR ranges', () => {
      expect(clientIp('10.1.2.3', '198.51.100.1, 10.200.0.9', ['10.0.0.0/8'])).to.equal('198.51.100.1');
      expect(clientIp('11.0.0.1', '198.51.100.1', ['10.0.0.0/8'])).to.equal('11.0.0.1');
      expect(clientIp('fd00::5', '2001:db8::7, fd12::1', ['fd00::/8'])).to.equal('2001:db8::7');
      expect(clientIp('192.168.1.1', '198.51.100.1', ['192.168.1.0/31'])).to.equal('198.51.100.1');
      expect(clientIp('192.168.1.2', '198.51.100.1', ['192.168.1.0/31'])).to.equal('192.168.1.2');
    });

    it('skips garbage entries and keeps walking', () => {
      expect(clientIp('10.0.0.1', '198.51.100.1, garbage, 999.1.1.1, 01.2.3.4', proxies)).to.equal(
        '198.51.100.1',
      );
      expect(clientIp('10.0.0.1', '<script>, 198.51.100.1, unknown', proxies)).to.equal('198.51.100.1');
    });

    it('accepts ports and brackets on entries', () => {
      expect(clientIp('10.0.0.1', '198.51.100.1:51234', proxies)).to.equal('198.51.100.1');
      expect(clientIp('10.0.0.1', '[2001:db8::1]:443', proxies)).to.equal('2001:db8::1');
      expect(clientIp('10.0.0.1', '[2001:db8::1]', proxies)).to.equal('2001:db8::1');
    });
  });

  describe('address forms', () => {
    it('turns IPv4-mapped IPv6 into IPv4, for the socket, the header and the proxy list', () => {
      expect(clientIp('::ffff:203.0.113.7', undefined, [])).to.equal('203.0.113.7');
      expect(clientIp('::ffff:10.0.0.1', '::ffff:198.51.100.1', ['10.0.0.1'])).to.equal('198.51.100.1');
      expect(clientIp('10.0.0.1', '198.51.100.1', ['::ffff:10.0.0.1'])).to.equal('198.51.100.1');
      expect(clientIp('::ffff:10.9.9.9', '198.51.100.1', ['10.0.0.0/8'])).to.equal('198.51.100.1');
      expect(clientIp('10.9.9.9', '198.51.100.1', ['::ffff:10.0.0.0/104'])).to.equal('198.51.100.1');
    });

    it('canonicalises IPv6 so one client has one key', () => {
      expect(clientIp('2001:DB8:0:0::1', undefined, [])).to.equal('2001:db8::1');
      expect(clientIp('::1', '2001:0DB8::0001', ['::1'])).to.equal('2001:db8::1');
      expect(clientIp('fe80::1%eth0', undefined, [])).to.equal('fe80::1');
    });

    it('matches IPv6 proxies whatever their spelling', () => {
      expect(clientIp('2001:db8::1', '198.51.100.1', ['2001:DB8:0::1'])).to.equal('198.51.100.1');
    });

    it('returns a socket address that is not an IP unchanged', () => {
      expect(clientIp('', '198.51.100.1', ['10.0.0.1'])).to.equal('');
      expect(clientIp('/run/api.sock', '198.51.100.1', ['10.0.0.1'])).to.equal('/run/api.sock');
    });
  });

  describe('invalidTrustedProxies', () => {
    it('names the entries that are neither an address nor a range', () => {
      expect(
        invalidTrustedProxies([
          '10.0.0.1',
          '10.0.0.0/8',
          'fd00::/8',
          'proxy.local',
          '10.0.0.0/33',
          '1.2.3.4/x',
        ]),
      ).to.deep.equal(['proxy.local', '10.0.0.0/33', '1.2.3.4/x']);
    });

    it('never trusts an entry that does not parse', () => {
      expect(clientIp('10.0.0.1', '198.51.100.1', ['10.0.0.1/99'])).to.equal('10.0.0.1');
    });
  });
});
