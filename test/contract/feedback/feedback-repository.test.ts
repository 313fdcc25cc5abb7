import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Feedback } from '../../../src/domain/feedback/feedback.ts';
import { at, describeContract, seedMission, seedRun, seedUser } from '../../support/persistence-world.ts';

const feedbackOf = (
  run: { id: string; workspaceId: string },
  judgement: Partial<Pick<Feedback, 'score' | 'label' | 'comment'>>,
  createdAt: Date,
): Feedback => ({
  id: randomUUID(),
  runId: run.id,
  workspaceId: run.workspaceId,
  score: null,
  label: null,
  comment: null,
  ...judgement,
  source: 'api_key',
  createdBy: null,
  createdAt,
});

describeContract('FeedbackRepository', (world) => {
  it("pages a run's feedback oldest first", async () => {
    const { workspace } = await seedUser(world);
    const run = await seedRun(world, await seedMission(world, workspace.id));
    const [a, b, c] = [0, 1, 2].map((i) => feedbackOf(run, { score: i / 2 }, at(i))) as [
      Feedback,
      Feedback,
      Feedback,
    ];
    for (const f of [c, a, b]) await world.feedback.add(f);
    const first = await world.feedback.listForRun(run.id, { limit: 2 });
    expect(first.items).to.deep.equal([a, b]);
    const rest = await world.feedback.listForRun(run.id, { limit: 2, after: first.next ?? undefined });
    expect(rest).to.deep.equal({ items: [c], next: null });
  });

  it('sums up by workspace, mission and time: count, mean of the scores, labels', async () => {
    const { workspace } = await seedUser(world);
    const other = await seedUser(world);
    const [m1, m2] = [await seedMission(world, workspace.id), await seedMission(world, workspace.id)];
    const [r1, r2] = [await seedRun(world, m1), await seedRun(world, m2)];
    await world.feedback.add(feedbackOf(r1, { score: 1, label: 'helpful' }, at(0)));
    await world.feedback.add(feedbackOf(r1, { score: 0.5, label: 'helpful' }, at(10)));
    await world.feedback.add(feedbackOf(r1, { comment: 'meh', label: 'slow' }, at(20)));
    await world.feedback.add(feedbackOf(r2, { score: 0 }, at(30)));
    const elsewhere = await seedRun(world, await seedMission(world, other.workspace.id));
    await world.feedback.add(feedbackOf(elsewhere, { score: 1, label: 'helpful' }, at(0)));
    const summary = (scope: Record<string, unknown>) =>
      world.feedback.summarize({ workspaceId: workspace.id, ...scope });
    expect(await summary({})).to.deep.equal({ count: 4, meanScore: 0.5, labels: { helpful: 2, slow: 1 } });
    expect(await summary({ missionId: m1.id })).to.deep.equal({
      count: 3,
      meanScore: 0.75,
      labels: { helpful: 2, slow: 1 },
    });
    expect(await summary({ missionId: m1.id, since: at(10) })).to.deep.equal({
      count: 2,
      meanScore: 0.5,
      labels: { helpful: 1, slow: 1 },
    });
    expect(await summary({ since: at(40) })).to.deep.equal({ count: 0, meanScore: null, labels: {} });
    expect(await summary({ agentId: randomUUID() })).to.deep.equal({ count: 0, meanScore: null, labels: {} });
  });

  it('takes a link once, even twice at the same moment, and forgets it after it expired', async () => {
    const { workspace } = await seedUser(world);
    const run = await seedRun(world, await seedMission(world, workspace.id));
    const token = `${run.id}.${randomUUID()}`;
    const uses = await Promise.all([0, 1, 2].map(() => world.feedback.useLink(token, run.id, at(60))));
    expect(uses.filter(Boolean)).to.have.length(1);
    expect(await world.feedback.useLink(token, run.id, at(60))).to.equal(false);
    expect(await world.feedback.useLink(`${token}x`, run.id, at(60))).to.equal(true);
    while ((await world.feedback.deleteExpiredLinkUses(at(61), 100)) === 100);
    expect(await world.feedback.useLink(token, run.id, at(120))).to.equal(true);
  });

  it("deletes a run's feedback with the run", async () => {
    const { workspace } = await seedUser(world);
    const run = await seedRun(world, await seedMission(world, workspace.id));
    await world.feedback.add(feedbackOf(run, { label: 'x' }, at(0)));
    await world.workspaces.delete(workspace.id);
    expect((await world.feedback.listForRun(run.id, { limit: 10 })).items).to.deep.equal([]);
  });
});
