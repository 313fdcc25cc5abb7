import { expect } from 'chai';
import {
  isTotpCode,
  MfaRequired,
  normalisedCode,
  TwoFactor,
  totpStep,
} from '../../../../src/domain/identity/two-factor.ts';

const twoFactor = (lastUsedStep: number | null, enabledAt: Date | null = new Date(0)) =>
  new TwoFactor({
    userId: 'u',
    sealedSecret: 'sealed',
    enabledAt,
    lastUsedStep,
    recoveryCodeHashes: [],
    createdAt: new Date(0),
  });

describe('two-factor rules', () => {
  it('numbers 30-second time steps from the Unix epoch (RFC 6238 T0 = 0, X = 30)', () => {
    expect(totpStep(new Date(59_000))).to.equal(1);
    expect(totpStep(new Date(60_000))).to.equal(2);
    expect(totpStep(new Date('2005-03-18T01:58:29Z'))).to.equal(0x23523ec);
  });

  it('accepts a step once, and never one at or before the last accepted (replay, older codes)', () => {
    expect(twoFactor(null).acceptsStep(5)).to.equal(true);
    expect(twoFactor(5).acceptsStep(5)).to.equal(false);
    expect(twoFactor(5).acceptsStep(4)).to.equal(false);
    expect(twoFactor(5).acceptsStep(6)).to.equal(true);
  });

  it('is on only once confirmed', () => {
    expect(twoFactor(null, null).enabled).to.equal(false);
    expect(twoFactor(null).enabled).to.equal(true);
  });

  it('reads codes as people type them: spaces and hyphens dropped, any case', () => {
    expect(normalisedCode(' 123 456 ')).to.equal('123456');
    expect(normalisedCode('K7M2P-X9C4T')).to.equal('k7m2px9c4t');
    expect(isTotpCode('123456')).to.equal(true);
    for (const other of ['12345', '1234567', 'k7m2px9c4t', '12345a'])
      expect(isTotpCode(other)).to.equal(false);
  });

  it('binds a sealed secret to its user', () => {
    expect(TwoFactor.sealingContext('a')).not.to.equal(TwoFactor.sealingContext('b'));
  });

  it('carries the mfa_token on the mfa_required error (401)', () => {
    const error = new MfaRequired('mfa_x.y');
    expect([error.kind, error.code, error.mfaToken]).to.deep.equal([
      'unauthenticated',
      'mfa_required',
      'mfa_x.y',
    ]);
  });
});
