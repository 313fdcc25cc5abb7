import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import { at, describeContract, seedMission, seedUser } from '../../support/persistence-world.ts';

describeContract('MissionRepository', (world) => {
  it('stores missions with their JSON definition, pages them newest first, updates and deletes them', async () => {
    const { workspace } = await seedUser(world);
    const missions: Mission[] = [];
    for (let i = 0; i < 3; i++) missions.push(await seedMission(world, workspace.id, at(i)));
    const tied = await seedMission(world, workspace.id, at(2));
    const found = await world.missions.findById(missions[0]!.id);
    expect(found).to.deep.equal(missions[0]);
    const first = await world.missions.listForWorkspace(workspace.id, { limit: 2 });
    const second = await world.missions.listForWorkspace(workspace.id, {
      limit: 2,
      after: first.next ?? undefined,
    });
    const expected = [tied, missions[2]!]
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .concat([missions[1]!, missions[0]!])
      .map((m) => m.id);
    expect([...first.items, ...second.items].map((m) => m.id)).to.deep.equal(expected);

    const mission = missions[1]!;
    mission.update(
      {
        name: 'Renamed',
        definition: { steps: [{ run: "echo 'hi'" }] },
        description: 'd',
        policy: { timeoutSeconds: 60, concurrencyLimit: 2, concurrencyKey: '/customer' },
      },
      at(9),
    );
    await world.missions.update(mission);
    expect(await world.missions.findById(mission.id)).to.deep.equal(mission);
    await world.missions.delete(mission.id);
    expect(await world.missions.findById(mission.id)).to.equal(undefined);
    expect(await world.missions.listForWorkspace(randomUUID(), { limit: 5 })).to.deep.equal({
      items: [],
      next: null,
    });
  });
});
