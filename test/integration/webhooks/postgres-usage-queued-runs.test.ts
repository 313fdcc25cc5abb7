import { expect } from 'chai';
import { PostgresUsage } from '../../../src/adapters/webhooks/postgres/postgres-usage.ts';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import {
  postgresWorld,
  seedMission,
  seedRun,
  seedUser,
  type World,
} from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

describe('PostgresUsage.queuedRunsReach (the queued runs quota of webhook ingest)', () => {
  let world: World;
  let mission: Mission;

  beforeEach(async () => {
    world = await postgresWorld();
    mission = await seedMission(world, (await seedUser(world)).workspace.id);
  });

  const queue = async (n: number) => {
    for (let i = 0; i < n; i++) await seedRun(world, mission);
  };

  it('counts exactly near the limit: the delivery that would pass it is refused', async () => {
    // Fresh for an hour: only the rule "near the limit, count" can explain a refusal below.
    const usage = new PostgresUsage({ db: (await testDatabase()).db, queuedCountFreshMs: 3_600_000 });
    await queue(2);
    expect(await usage.queuedRunsReach(mission.id, 3)).to.equal(false);
    await queue(1);
    expect(await usage.queuedRunsReach(mission.id, 3)).to.equal(true);
    expect(await usage.queuedRunsReach(mission.id, 4)).to.equal(false); // near 4 as well: counted, 3 queued
  });

  it('well below the limit answers from a fresh count plus what it let through, then counts again', async () => {
    const usage = new PostgresUsage({ db: (await testDatabase()).db, queuedCountFreshMs: 3_600_000 });
    await queue(2);
    expect(await usage.queuedRunsReach(mission.id, 20)).to.equal(false); // counted: 2, one let through
    await queue(8); // 10 queued now: a count would say so, the remembered one does not
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i++) answers.push(await usage.queuedRunsReach(mission.id, 20));
    expect(answers).to.deep.equal(Array(7).fill(false));
    // 2 counted + 8 let through reach half the limit: the next call counts (10 queued), and sees the limit
    // once the queue is full.
    await queue(10);
    expect(await usage.queuedRunsReach(mission.id, 20)).to.equal(true);
  });

  it('with no freshness counts on every call, never more index entries than the limit', async () => {
    const usage = new PostgresUsage({ db: (await testDatabase()).db, queuedCountFreshMs: 0 });
    await queue(3);
    expect(await usage.queuedRunsReach(mission.id, 100)).to.equal(false);
    await queue(2);
    expect(await usage.queuedRunsReach(mission.id, 5)).to.equal(true);
    expect(await usage.queuedRunsReach(mission.id, 6)).to.equal(false);
  });

  it('counts only queued runs of that mission', async () => {
    const usage = new PostgresUsage({ db: (await testDatabase()).db, queuedCountFreshMs: 0 });
    const other = await seedMission(world, mission.workspaceId);
    await seedRun(world, other);
    await seedRun(world, other);
    expect(await usage.queuedRunsReach(mission.id, 1)).to.equal(false);
    expect(await usage.queuedRunsReach(other.id, 2)).to.equal(true);
  });
});
