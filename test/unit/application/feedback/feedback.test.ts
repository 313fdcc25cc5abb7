import { expect } from 'chai';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

async function world() {
  const app = await useCases();
  const cast = await team(app);
  const mission = await app.createMission(cast.ada.principal, { workspaceId: cast.workspaceId, name: 'm' });
  const run = await app.startRun(cast.ada.principal, mission.id, {});
  return { app, ...cast, mission, run };
}

describe('feedback use cases (in memory)', () => {
  it('takes a judgement from a member, refuses an outsider as not found and an empty or out-of-range one', async () => {
    const { app, cyd, eve, run, workspaceId, mission } = await world();
    const given = await app.giveFeedback(cyd.principal, run.id, { score: 0.75, label: 'ok' });
    expect(given).to.include({
      runId: run.id,
      workspaceId,
      score: 0.75,
      label: 'ok',
      comment: null,
      source: 'user',
    });
    const outsider = app.giveFeedback(eve.principal, run.id, { score: 1 });
    expect((await rejectionOf(outsider, DomainError)).code).to.equal('not_found');
    for (const bad of [{}, { score: 2 }, { score: Number.NaN }, { label: ' ' }]) {
      expect((await rejectionOf(app.giveFeedback(cyd.principal, run.id, bad), DomainError)).kind).to.equal(
        'invalid',
      );
    }
    expect(await app.summarizeFeedback(cyd.principal, { workspaceId, missionId: mission.id })).to.deep.equal({
      count: 1,
      meanScore: 0.75,
      labels: { ok: 1 },
    });
    const hidden = app.summarizeFeedback(eve.principal, { workspaceId });
    expect((await rejectionOf(hidden, DomainError)).code).to.equal('not_found');
  });

  it('signs a link for whole seconds and at most 7 days, accepts it once, and refuses it once expired', async () => {
    const { app, cyd, run } = await world();
    const tooLong = app.createFeedbackLink(cyd.principal, run.id, 7 * 24 * 3600 + 1);
    expect((await rejectionOf(tooLong, DomainError)).kind).to.equal('invalid');
    const { token, expiresAt } = await app.createFeedbackLink(cyd.principal, run.id, 60);
    expect(expiresAt.getTime() - app.clock.now().getTime()).to.equal(60_000);
    const once = await app.giveLinkedFeedback(token, { score: 1 }, '192.0.2.1');
    expect(once).to.include({ source: 'link', createdBy: null, runId: run.id });
    const replay = app.giveLinkedFeedback(token, { score: 1 }, '192.0.2.1');
    expect((await rejectionOf(replay, DomainError)).code).to.equal('not_found');
    const later = await app.createFeedbackLink(cyd.principal, run.id, 10);
    app.clock.advance(10);
    const expired = app.giveLinkedFeedback(later.token, { score: 1 }, '192.0.2.1');
    expect((await rejectionOf(expired, DomainError)).code).to.equal('not_found');
    expect((await app.listFeedback(cyd.principal, run.id, { limit: 10 })).items).to.have.length(1);
    app.clock.advance(3600);
    expect(await app.sweepUsedFeedbackLinks()).to.equal(1);
  });

  it('refuses a bad judgement through a valid link without using it up', async () => {
    const { app, cyd, run } = await world();
    const { token } = await app.createFeedbackLink(cyd.principal, run.id, 60);
    const empty = app.giveLinkedFeedback(token, {}, '192.0.2.2');
    expect((await rejectionOf(empty, DomainError)).kind).to.equal('invalid');
    expect((await app.giveLinkedFeedback(token, { label: 'fine' }, '192.0.2.2')).label).to.equal('fine');
  });
});
