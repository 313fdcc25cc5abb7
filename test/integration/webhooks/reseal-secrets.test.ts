import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { CachedSigningKeys } from '../../../src/adapters/identity/cached-signing-keys.ts';
import { totpSecretBox } from '../../../src/adapters/identity/crypto/totp-secret-box.ts';
import { PostgresSigningKeyStore } from '../../../src/adapters/identity/postgres/postgres-signing-key-store.ts';
import { resealSigningKeys } from '../../../src/adapters/identity/postgres/reseal-signing-keys.ts';
import { resealTotpSecrets } from '../../../src/adapters/identity/postgres/reseal-totp-secrets.ts';
import { AesGcmSecretBox } from '../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import { webhookSecretBox } from '../../../src/adapters/triggers/crypto/webhook-secret-box.ts';
import { PostgresTriggerRepository } from '../../../src/adapters/triggers/postgres/postgres-trigger-repository.ts';
import { resealWebhookSecrets } from '../../../src/adapters/triggers/postgres/reseal-webhook-secrets.ts';
import { TwoFactor } from '../../../src/domain/identity/two-factor.ts';
import { postgresWorld, seedMission, seedUser, T0 } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';
import { triggerOn } from '../../support/trigger-fixtures.ts';

describe('resealWebhookSecrets (master-key rotation)', () => {
  it('moves every trigger secret to the new key, keeping the secrets themselves, and can run twice', async () => {
    const { db } = await testDatabase();
    const world = await postgresWorld();
    const [oldBox, newBox] = [webhookSecretBox(randomBytes(32)), webhookSecretBox(randomBytes(32))];
    const before = new PostgresTriggerRepository({ db, webhookSecretBox: oldBox });
    const after = new PostgresTriggerRepository({ db, webhookSecretBox: newBox });
    const { workspace } = await seedUser(world);
    const trigger = triggerOn(await seedMission(world, workspace.id), {
      name: 'rotated',
      signingSecret: 'whsec_current-long-enough-secret',
    });
    trigger.rotateSecret('whsec_next-long-enough-secret', 3600, T0);
    await before.add(trigger);
    let unreadable = false;
    await after.findById(trigger.id).catch(() => {
      unreadable = true;
    });
    expect(unreadable, 'the new key cannot open secrets sealed under the old one').to.equal(true);

    // Other tests' triggers (other keys) share the database: they count as unreadable and stay as they are.
    expect((await resealWebhookSecrets(db, oldBox, newBox)).resealed).to.equal(1);
    const moved = await after.findById(trigger.id);
    expect(moved?.activeSecrets(T0)).to.deep.equal([
      'whsec_next-long-enough-secret',
      'whsec_current-long-enough-secret',
    ]);
    expect((await resealWebhookSecrets(db, oldBox, newBox)).resealed).to.equal(0);
  });
});

describe('resealSigningKeys (master-key rotation)', () => {
  it('moves the private keys to the new master key: tokens keep verifying, the kid does not change', async () => {
    const { db } = await testDatabase();
    const signingKeyStore = new PostgresSigningKeyStore({ db });
    const clock = { now: () => new Date() };
    const config = {
      jwt: { algorithm: 'ES256' as const, issuer: 'https://issuer.test', audience: 'reseal' },
    };
    const [oldBox, newBox] = [
      new AesGcmSecretBox({ masterKey: randomBytes(32) }),
      new AesGcmSecretBox({ masterKey: randomBytes(32) }),
    ];
    const before = new CachedSigningKeys({ signingKeyStore, secretBox: oldBox, clock, config });
    const { kid } = await before.currentSigningKey();

    const moved = await resealSigningKeys(db, oldBox, newBox);
    expect(moved.resealed).to.be.at.least(1);
    const after = new CachedSigningKeys({ signingKeyStore, secretBox: newBox, clock, config });
    expect((await after.currentSigningKey()).kid).to.equal(kid);
    expect((await resealSigningKeys(db, oldBox, newBox)).resealed).to.equal(0);
  });
});

describe('resealTotpSecrets (master-key rotation)', () => {
  it('moves every TOTP secret to the new key, keeping the secret, and can run twice', async () => {
    const { db } = await testDatabase();
    const world = await postgresWorld();
    const [oldBox, newBox] = [totpSecretBox(randomBytes(32)), totpSecretBox(randomBytes(32))];
    const { user } = await seedUser(world);
    const context = TwoFactor.sealingContext(user.id);
    const sealedSecret = oldBox.seal('JBSWY3DPEHPK3PXP', context);
    await world.twoFactors.putPending(
      new TwoFactor({
        userId: user.id,
        sealedSecret,
        enabledAt: null,
        lastUsedStep: null,
        recoveryCodeHashes: [],
        createdAt: T0,
      }),
    );
    expect((await resealTotpSecrets(db, oldBox, newBox)).resealed).to.equal(1);
    const moved = await world.twoFactors.findByUser(user.id);
    expect(newBox.open(moved?.sealedSecret as string, context)).to.equal('JBSWY3DPEHPK3PXP');
    expect((await resealTotpSecrets(db, oldBox, newBox)).resealed).to.equal(0);
  });
});
