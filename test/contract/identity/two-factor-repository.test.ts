import { expect } from 'chai';
import { TwoFactor } from '../../../src/domain/identity/two-factor.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

const pending = (userId: string, sealedSecret = 'v1.sealed-secret', createdAt = T0) =>
  new TwoFactor({
    userId,
    sealedSecret,
    enabledAt: null,
    lastUsedStep: null,
    recoveryCodeHashes: [],
    createdAt,
  });

describeContract('TwoFactorRepository', (world) => {
  it('stores a pending enrolment, replaced by a newer one until it is enabled', async () => {
    const { user } = await seedUser(world);
    expect(await world.twoFactors.findByUser(user.id)).to.equal(undefined);
    expect(await world.twoFactors.putPending(pending(user.id, 'first'))).to.equal(true);
    expect(await world.twoFactors.putPending(pending(user.id, 'second', at(5)))).to.equal(true);
    expect(await world.twoFactors.findByUser(user.id)).to.deep.equal(pending(user.id, 'second', at(5)));
    // Only the secret now pending can be enabled: a confirmation of the replaced one changes nothing.
    expect(await world.twoFactors.enable(user.id, 'first', 10, ['h1'], at(6))).to.equal(false);
    expect(await world.twoFactors.enable(user.id, 'second', 10, ['h1', 'h2'], at(6))).to.equal(true);
    expect(await world.twoFactors.findByUser(user.id)).to.deep.equal(
      new TwoFactor({
        userId: user.id,
        sealedSecret: 'second',
        enabledAt: at(6),
        lastUsedStep: 10,
        recoveryCodeHashes: ['h1', 'h2'],
        createdAt: at(5),
      }),
    );
    expect(await world.twoFactors.putPending(pending(user.id, 'third'))).to.equal(false);
    expect(await world.twoFactors.enable(user.id, 'second', 11, [], at(7))).to.equal(false);
    expect((await world.twoFactors.findByUser(user.id))?.sealedSecret).to.equal('second');
  });

  it('uses a time step once, only after the last one, and not before enabling', async () => {
    const { user } = await seedUser(world);
    await world.twoFactors.putPending(pending(user.id));
    expect(await world.twoFactors.useStep(user.id, 5)).to.equal(false);
    await world.twoFactors.enable(user.id, 'v1.sealed-secret', 5, [], T0);
    expect(await world.twoFactors.useStep(user.id, 5)).to.equal(false);
    expect(await world.twoFactors.useStep(user.id, 4)).to.equal(false);
    const results = await Promise.all([6, 6, 6].map((step) => world.twoFactors.useStep(user.id, step)));
    expect(results.filter(Boolean)).to.have.length(1);
    // Far past 2^31, which a 32-bit column could not hold.
    expect(await world.twoFactors.useStep(user.id, 2 ** 40)).to.equal(true);
    expect((await world.twoFactors.findByUser(user.id))?.lastUsedStep).to.equal(2 ** 40);
  });

  it('removes a recovery code as it is used, once, answering how many remain', async () => {
    const { user } = await seedUser(world);
    await world.twoFactors.putPending(pending(user.id));
    expect(await world.twoFactors.useRecoveryCode(user.id, 'h1')).to.equal(undefined);
    await world.twoFactors.enable(user.id, 'v1.sealed-secret', 1, ['h1', 'h2', 'h3'], T0);
    const results = await Promise.all([1, 2].map(() => world.twoFactors.useRecoveryCode(user.id, 'h2')));
    expect(results.sort()).to.deep.equal([2, undefined]);
    expect(await world.twoFactors.useRecoveryCode(user.id, 'unknown')).to.equal(undefined);
    expect((await world.twoFactors.findByUser(user.id))?.recoveryCodeHashes).to.deep.equal(['h1', 'h3']);
  });

  it('removes a second factor, pending or enabled, of that user only', async () => {
    const { user } = await seedUser(world);
    const other = (await seedUser(world)).user;
    await world.twoFactors.putPending(pending(user.id));
    await world.twoFactors.putPending(pending(other.id));
    expect(await world.twoFactors.remove(user.id)).to.equal(true);
    expect(await world.twoFactors.remove(user.id)).to.equal(false);
    expect(await world.twoFactors.findByUser(user.id)).to.equal(undefined);
    expect(await world.twoFactors.findByUser(other.id)).to.not.equal(undefined);
  });

  it('joins the surrounding transaction: a rollback leaves no trace', async () => {
    const { user } = await seedUser(world);
    await world.twoFactors.putPending(pending(user.id));
    await world.twoFactors.enable(user.id, 'v1.sealed-secret', 1, ['h1'], T0);
    const failed = await world.unitOfWork
      .transaction(async () => {
        await world.twoFactors.useRecoveryCode(user.id, 'h1');
        await world.twoFactors.useStep(user.id, 9);
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(failed).to.equal('rolled back');
    const after = await world.twoFactors.findByUser(user.id);
    expect([after?.recoveryCodeHashes, after?.lastUsedStep]).to.deep.equal([['h1'], 1]);
  });
});
