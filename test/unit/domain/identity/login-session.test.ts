import { expect } from 'chai';
import { LoginSession } from '../../../../src/domain/identity/login-session.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LIFETIMES = { idleSeconds: 600, absoluteSeconds: 3600, graceSeconds: 10 };

const start = () =>
  LoginSession.start({ id: 'id', userId: 'user', userEpoch: 3, userAgent: null, ip: null }, T0, LIFETIMES);

describe('LoginSession', () => {
  it('ends after the idle lifetime without use', () => {
    const session = start();
    expect(session.endsAt(LIFETIMES)).to.deep.equal(at(600));
    expect(session.isActive(at(599), LIFETIMES, 3)).to.equal(true);
    expect(session.isActive(at(600), LIFETIMES, 3)).to.equal(false);
  });

  it('is kept alive by a rotation, up to the absolute lifetime', () => {
    const rotated = start().rotated(at(500));
    expect(rotated).to.include({ generation: 1 });
    expect(rotated.endsAt(LIFETIMES)).to.deep.equal(at(1100));
    expect(rotated.rotated(at(3500)).endsAt(LIFETIMES)).to.deep.equal(at(3600));
  });

  it('ends at once when its user moves to another security epoch (disabled, a new password)', () => {
    const session = start();
    expect(session.isActive(at(1), LIFETIMES, 3)).to.equal(true);
    expect(session.isActive(at(1), LIFETIMES, 4)).to.equal(false);
    expect(session.judgeRefresh(0, at(1), LIFETIMES, 4)).to.deep.equal({ kind: 'inactive' });
    expect(session.judgeRefresh(0, at(1), LIFETIMES, 3)).to.deep.equal({ kind: 'rotate', next: 1 });
  });

  it('ends at once when revoked', () => {
    const session = start();
    session.revokedAt = at(1);
    expect(session.isActive(at(2), LIFETIMES, 3)).to.equal(false);
  });
});
