import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { parseSigningSecret } from '../../../../src/domain/triggers/signature-schemes.ts';
import { Trigger } from '../../../../src/domain/triggers/trigger.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const create = (overrides: Partial<Parameters<typeof Trigger.create>[0]>) =>
  Trigger.create(
    {
      id: 't1',
      workspaceId: 'w1',
      missionId: 'm1',
      name: 'hook',
      webhookPath: 'provider-hook',
      signingSecret: 'whsec_one-long-enough-secret',
      ...overrides,
    },
    T0,
  );

describe('signature schemes of triggers', () => {
  it('takes a supplied secret of 16 to 256 printable characters, not one repeated, spaces included (GitHub secrets are phrases)', () => {
    expect(parseSigningSecret('github', "It's a Secret to Everybody")).to.equal("It's a Secret to Everybody");
    expect(parseSigningSecret('slack', 'xy'.repeat(128))).to.have.lengthOf(256);
    for (const bad of [
      'short',
      'fifteen chars!!',
      'x'.repeat(20),
      'x'.repeat(257),
      'tab\there! and more',
      'naïve-secret-long-one',
      'new\nline-secret-long',
    ]) {
      expect(() => parseSigningSecret('stripe', bad), bad).to.throw(InvalidInput);
    }
  });

  it('takes a standard-webhooks secret only as whsec_ and the standard base64 of at least 16 bytes', () => {
    expect(parseSigningSecret('standard-webhooks', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).to.be.a(
      'string',
    );
    expect(parseSigningSecret('standard-webhooks', 'whsec_dGhlLW90aGVyLWtleS1vZi0yNC1ieXRlcw==')).to.be.a(
      'string',
    );
    for (const bad of [
      'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', // no prefix
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2La_aSw', // base64url alphabet
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS', // not a whole number of base64 quanta
      'whsec_c2hvcnQ=', // 5 bytes
    ]) {
      expect(() => parseSigningSecret('standard-webhooks', bad), bad).to.throw(InvalidInput);
    }
  });

  it('a trigger defaults to the platform scheme and checks its secret against its scheme, on rotation too', () => {
    expect(create({}).signatureScheme).to.equal('platform');
    expect(() => create({ signatureScheme: 'standard-webhooks' })).to.throw(InvalidInput);
    const trigger = create({
      signatureScheme: 'standard-webhooks',
      signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(() => trigger.rotateSecret('not base64 at all', 60, T0)).to.throw(InvalidInput);
    expect(trigger.signingSecret).to.equal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  });

  it('refuses require_timestamp for schemes that sign no timestamp (github, shopify), on creation and update', () => {
    expect(() => create({ signatureScheme: 'github', requireTimestamp: true })).to.throw(
      InvalidInput,
      /github/,
    );
    expect(() => create({ signatureScheme: 'shopify', requireTimestamp: true })).to.throw(InvalidInput);
    expect(create({ signatureScheme: 'slack', requireTimestamp: true }).requireTimestamp).to.equal(true);
    const github = create({ signatureScheme: 'github' });
    expect(() => github.update({ requireTimestamp: true }, T0)).to.throw(InvalidInput);
    expect(github.requireTimestamp).to.equal(false);
  });
});
