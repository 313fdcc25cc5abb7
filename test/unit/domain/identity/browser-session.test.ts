import { expect } from 'chai';
import { BrowserSession } from '../../../../src/domain/identity/browser-session.ts';
import { constantTimeEqual } from '../../../../src/domain/identity/constant-time-equal.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LIFETIMES = { idleSeconds: 600, absoluteSeconds: 3600 };

const start = () =>
  BrowserSession.start(
    {
      id: 'id',
      userId: 'user',
      userEpoch: 0,
      tokenHash: 'hash',
      csrfToken: 'csrf-token-value',
      userAgent: null,
      ip: null,
    },
    T0,
    LIFETIMES,
  );

describe('BrowserSession', () => {
  it('ends after the idle lifetime without requests', () => {
    const session = start();
    expect(session.isActive(at(599), LIFETIMES)).to.equal(true);
    expect(session.isActive(at(600), LIFETIMES)).to.equal(false);
    expect(session.endsAt(LIFETIMES)).to.deep.equal(at(600));
  });

  it('ends at the absolute lifetime however active it is', () => {
    const session = start();
    session.lastSeenAt = at(3500);
    expect(session.endsAt(LIFETIMES)).to.deep.equal(at(3600));
    expect(session.isActive(at(3599), LIFETIMES)).to.equal(true);
    expect(session.isActive(at(3600), LIFETIMES)).to.equal(false);
  });

  it('asks for a last-seen write at most once a minute', () => {
    const session = start();
    expect(session.needsTouch(at(59))).to.equal(false);
    expect(session.needsTouch(at(60))).to.equal(true);
  });

  it('accepts only its own CSRF token', () => {
    const session = start();
    expect(session.acceptsCsrfToken('csrf-token-value')).to.equal(true);
    for (const wrong of [undefined, '', 'csrf-token-valuE', 'csrf-token-value ', 'csrf-token-valu']) {
      expect(session.acceptsCsrfToken(wrong), String(wrong)).to.equal(false);
    }
  });
});

describe('constantTimeEqual', () => {
  it('compares whole strings', () => {
    expect(constantTimeEqual('abc', 'abc')).to.equal(true);
    expect(constantTimeEqual('', '')).to.equal(true);
    for (const [a, b] of [
      ['abc', 'abd'],
      ['abc', 'ab'],
      ['ab', 'abc'],
      ['', 'a'],
      ['a', ''],
    ]) {
      expect(constantTimeEqual(a ?? '', b ?? ''), `${a} vs ${b}`).to.equal(false);
    }
  });
});
