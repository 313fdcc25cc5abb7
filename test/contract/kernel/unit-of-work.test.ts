import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { LoginSession } from '../../../src/domain/identity/login-session.ts';
import { at, describeContract, seedMission, seedRun, seedUser, T0 } from '../../support/persistence-world.ts';

const LIFETIMES = { absoluteSeconds: 3600, idleSeconds: 600, graceSeconds: 10 };

describeContract('UnitOfWork', (world) => {
  const newSession = (userId: string) =>
    LoginSession.start({ id: randomUUID(), userId, userEpoch: 0, userAgent: null, ip: null }, T0, LIFETIMES);

  /** Runs `work` in a transaction that throws after it; returns what was thrown. */
  async function failingTransaction(work: () => Promise<void>): Promise<unknown> {
    const failure = new Error('rolled back on purpose');
    const thrown = await world.unitOfWork
      .transaction(async () => {
        await work();
        throw failure;
      })
      .catch((e: unknown) => e);
    expect(thrown, 'the error thrown inside comes out unchanged').to.equal(failure);
    return thrown;
  }

  it('commits: every write inside is kept, and the work’s result comes back', async () => {
    const { user, workspace } = await seedUser(world);
    const session = newSession(user.id);
    const result = await world.unitOfWork.transaction(async () => {
      await world.loginSessions.create(session);
      await world.users.setDisabled(user.id, true);
      await world.auditLog.record({ type: 'user_disabled', userId: user.id });
      return seedMission(world, workspace.id);
    });
    expect(await world.missions.findById(result.id)).to.deep.equal(result);
    expect(await world.loginSessions.findById(session.id)).to.deep.equal(session);
    expect((await world.users.findById(user.id))?.disabled).to.equal(true);
    expect(await world.auditEventsOf(user.id)).to.have.lengthOf(1);
  });

  it('rolls back every insert, update and delete of every repository when the work throws', async () => {
    const { user, workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const run = await seedRun(world, mission);
    const session = newSession(user.id);
    await world.loginSessions.create(session);
    const created = {
      session: newSession(user.id),
      newcomer: undefined as string | undefined,
      mission: '',
    };
    await failingTransaction(async () => {
      // Reads inside see the transaction's own writes.
      await world.users.rehashPassword(user.id, 0, 'changed');
      expect((await world.users.findById(user.id))?.passwordHash).to.equal('changed');
      await world.loginSessions.create(created.session);
      await world.loginSessions.revoke(session.id, 'logout', at(1));
      await world.runs.update(run.id, (r) => r.cancel(at(2)));
      created.newcomer = (await seedUser(world)).user.id;
      created.mission = (await seedMission(world, workspace.id)).id;
      await world.workspaces.delete(workspace.id); // cascades to the mission and its run
      await world.auditLog.record({ type: 'password_changed', userId: user.id });
      expect(await world.missions.findById(mission.id)).to.equal(undefined);
    });
    expect(await world.users.findById(user.id)).to.deep.equal(user);
    expect(await world.loginSessions.findById(created.session.id)).to.equal(undefined);
    expect(await world.loginSessions.findById(session.id)).to.deep.equal(session);
    expect(await world.users.findById(created.newcomer ?? '')).to.equal(undefined);
    expect(await world.missions.findById(created.mission)).to.equal(undefined);
    expect(await world.workspaces.findRole(workspace.id, user.id)).to.equal('owner');
    expect(await world.missions.findById(mission.id)).to.deep.equal(mission);
    expect(await world.runs.findById(run.id)).to.deep.equal(run);
    expect(await world.auditEventsOf(user.id)).to.deep.equal([]);
  });

  it('nested transactions join the outer one: its rollback undoes the inner writes too', async () => {
    const { user } = await seedUser(world);
    const inner = newSession(user.id);
    await failingTransaction(async () => {
      await world.unitOfWork.transaction(() => world.loginSessions.create(inner));
      await world.users.setDisabled(user.id, true);
    });
    expect(await world.loginSessions.findById(inner.id)).to.equal(undefined);
    expect((await world.users.findById(user.id))?.disabled).to.equal(false);

    // An error thrown inside the inner transaction, let through, undoes the outer writes as well.
    const outer = newSession(user.id);
    const failure = new Error('inner failure');
    const thrown = await world.unitOfWork
      .transaction(async () => {
        await world.loginSessions.create(outer);
        await world.unitOfWork.transaction(async () => {
          await world.users.setDisabled(user.id, true);
          throw failure;
        });
      })
      .catch((e: unknown) => e);
    expect(thrown).to.equal(failure);
    expect(await world.loginSessions.findById(outer.id)).to.equal(undefined);
    expect((await world.users.findById(user.id))?.disabled).to.equal(false);

    const kept = newSession(user.id);
    await world.unitOfWork.transaction(() =>
      world.unitOfWork.transaction(() => world.loginSessions.create(kept)),
    );
    expect(await world.loginSessions.findById(kept.id)).to.deep.equal(kept);
  });

  it('shows no one a write that is rolled back, and undoes no one else’s writes', async () => {
    const { user } = await seedUser(world);
    const [doomed, outsider] = [newSession(user.id), newSession(user.id)];
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = world.unitOfWork
      .transaction(async () => {
        await world.loginSessions.create(doomed);
        written();
        await gate;
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await wrote;
    // Asked while the transaction is open (PostgreSQL answers at once, the in-memory store after it ends).
    const read = world.loginSessions.findById(doomed.id);
    const write = world.loginSessions.create(outsider);
    release();
    await transaction;
    expect(await read).to.equal(undefined);
    await write;
    expect(await world.loginSessions.findById(outsider.id)).to.deep.equal(outsider);
  });

  it('keeps concurrent transactions apart: one rolling back does not undo the other’s writes', async () => {
    const { user } = await seedUser(world);
    const rounds = Array.from({ length: 5 }, () => ({
      kept: newSession(user.id),
      lost: newSession(user.id),
    }));
    await Promise.allSettled(
      rounds.flatMap(({ kept, lost }) => [
        world.unitOfWork.transaction(async () => {
          await world.loginSessions.create(lost);
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('rolled back on purpose');
        }),
        world.unitOfWork.transaction(async () => {
          await world.loginSessions.create(kept);
          await world.auditLog.record({ type: 'login_succeeded', userId: user.id, sessionId: kept.id });
        }),
      ]),
    );
    for (const { kept, lost } of rounds) {
      expect(await world.loginSessions.findById(kept.id)).to.deep.equal(kept);
      expect(await world.loginSessions.findById(lost.id)).to.equal(undefined);
    }
    expect(await world.auditEventsOf(user.id)).to.have.lengthOf(rounds.length);
  });
});
