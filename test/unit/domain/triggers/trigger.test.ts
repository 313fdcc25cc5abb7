import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { Trigger } from '../../../../src/domain/triggers/trigger.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function newTrigger(overrides: Partial<Parameters<typeof Trigger.create>[0]> = {}): Trigger {
  return Trigger.create(
    {
      id: 't1',
      workspaceId: 'w1',
      missionId: 'm1',
      name: ' Deploys ',
      webhookPath: 'github-deploys',
      signingSecret: 'whsec_one-long-enough-secret',
      ...overrides,
    },
    T0,
  );
}

describe('Trigger', () => {
  it('starts enabled with defaults, a trimmed name and only its secret active', () => {
    const trigger = newTrigger();
    expect(trigger).to.include({
      name: 'Deploys',
      enabled: true,
      maxBodyBytes: 1024 * 1024,
      requireTimestamp: false,
      requireIdempotencyKey: false,
      previousSecret: null,
    });
    expect(trigger.activeSecrets(T0)).to.deep.equal(['whsec_one-long-enough-secret']);
  });

  it('refuses bad names, paths and limits', () => {
    for (const overrides of [
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'tab\there' },
      { webhookPath: 'short' },
      { webhookPath: 'x'.repeat(129) },
      { webhookPath: 'has/slash-in-it' },
      { webhookPath: 'has space in it' },
      { webhookPath: 'deliveries' },
      { webhookPath: 'Rotate-Secret' },
      { maxBodyBytes: 0 },
      { maxBodyBytes: 16 * 1024 * 1024 + 1 },
      { maxBodyBytes: 1.5 },
    ]) {
      expect(() => newTrigger(overrides), JSON.stringify(overrides)).to.throw(InvalidInput);
    }
    expect(newTrigger({ webhookPath: `A-z_0${'9'.repeat(123)}` }).webhookPath).to.have.lengthOf(128);
  });

  describe('secret rotation', () => {
    it('keeps the old secret verifying until the grace ends, and not a moment longer', () => {
      const trigger = newTrigger();
      trigger.rotateSecret('whsec_two-long-enough-secret', 60, at(10));
      expect(trigger.signingSecret).to.equal('whsec_two-long-enough-secret');
      expect(trigger.activeSecrets(at(10))).to.deep.equal([
        'whsec_two-long-enough-secret',
        'whsec_one-long-enough-secret',
      ]);
      expect(trigger.activeSecrets(at(69))).to.deep.equal([
        'whsec_two-long-enough-secret',
        'whsec_one-long-enough-secret',
      ]);
      expect(trigger.activeSecrets(at(70))).to.deep.equal(['whsec_two-long-enough-secret']);
      expect(trigger.previousSecretExpiresAt).to.deep.equal(at(70));
    });

    it('ends the grace early on revocation', () => {
      const trigger = newTrigger();
      trigger.rotateSecret('whsec_two-long-enough-secret', 86400, at(0));
      trigger.revokePreviousSecret(at(5));
      expect(trigger.activeSecrets(at(5))).to.deep.equal(['whsec_two-long-enough-secret']);
      expect(trigger.previousSecret).to.equal(null);
    });

    it('with no grace, drops the old secret at once', () => {
      const trigger = newTrigger();
      trigger.rotateSecret('whsec_two-long-enough-secret', 0, at(0));
      expect(trigger.activeSecrets(at(0))).to.deep.equal(['whsec_two-long-enough-secret']);
    });

    it('a second rotation drops the secret two generations back', () => {
      const trigger = newTrigger();
      trigger.rotateSecret('whsec_two-long-enough-secret', 600, at(0));
      trigger.rotateSecret('whsec_three-long-enough-secret', 600, at(1));
      expect(trigger.activeSecrets(at(2))).to.deep.equal([
        'whsec_three-long-enough-secret',
        'whsec_two-long-enough-secret',
      ]);
    });

    it('refuses a grace outside 0 to 30 days', () => {
      for (const grace of [-1, 30 * 86400 + 1, 0.5]) {
        expect(() => newTrigger().rotateSecret('whsec_two-long-enough-secret', grace, T0)).to.throw(
          InvalidInput,
        );
      }
    });
  });

  it('updates only what it is given, validating all first', () => {
    const trigger = newTrigger();
    trigger.update({ enabled: false, maxBodyBytes: 2048 }, at(3));
    expect(trigger).to.include({ enabled: false, maxBodyBytes: 2048, name: 'Deploys' });
    expect(trigger.updatedAt).to.deep.equal(at(3));
    expect(() => trigger.update({ name: 'ok', maxBodyBytes: -1 }, at(4))).to.throw(InvalidInput);
    expect(trigger.name).to.equal('Deploys');
  });
});
