import { expect } from 'chai';
import { NO_WORKSPACE_RETENTION } from '../../../src/domain/kernel/retention.ts';
import { describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

describeContract('WorkspaceRetentionRepository', (world) => {
  it('keeps the days a workspace set, replaces them, forgets them when all are null or the workspace goes', async () => {
    const { workspace } = await seedUser(world);
    const other = await seedUser(world);
    const repository = world.workspaceRetention;
    expect(await repository.find(workspace.id)).to.deep.equal(NO_WORKSPACE_RETENTION);

    const set = { ...NO_WORKSPACE_RETENTION, runs: 14, audit: 730 };
    await repository.save(workspace.id, set, T0);
    await repository.save(other.workspace.id, { ...NO_WORKSPACE_RETENTION, files: 30 }, T0);
    expect(await repository.find(workspace.id)).to.deep.equal(set);
    const listed = await repository.listSet();
    expect(listed.get(workspace.id)).to.deep.equal(set);
    expect(listed.get(other.workspace.id)).to.deep.include({ files: 30, runs: null });

    const replaced = { ...NO_WORKSPACE_RETENTION, delivery_bodies: 3 };
    await repository.save(workspace.id, replaced, T0);
    expect(await repository.find(workspace.id)).to.deep.equal(replaced);

    await repository.save(workspace.id, NO_WORKSPACE_RETENTION, T0);
    expect((await repository.listSet()).has(workspace.id)).to.equal(false);
    await world.workspaces.delete(other.workspace.id);
    expect((await repository.listSet()).has(other.workspace.id)).to.equal(false);
  });
});
