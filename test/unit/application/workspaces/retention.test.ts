import { expect } from 'chai';
import { Forbidden, InvalidFields, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

describe('workspace retention (use cases, in memory)', () => {
  it('owners read and set it within bounds; admins are refused, outsiders find nothing; a change is audited', async () => {
    const app = await useCases({ env: { RETENTION_RUNS_DAYS: '0' } });
    const ada = await actor(app, 'ada');
    const cy = await actor(app, 'cyd');
    const eve = await actor(app, 'eve');
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: cy.principal, login: 'cyd' }, 'admin');

    const view = await app.getRetention(ada.principal, workspaceId);
    expect(view.defaults.runs).to.equal(0); // kept by the instance
    expect(await fail(app.getRetention(cy.principal, workspaceId))).to.be.instanceOf(Forbidden);
    expect(await fail(app.getRetention(eve.principal, workspaceId))).to.be.instanceOf(NotFound);
    expect(await fail(app.updateRetention(cy.principal, workspaceId, { runs: 5 }))).to.be.instanceOf(
      Forbidden,
    );

    const refused = await fail(app.updateRetention(ada.principal, workspaceId, { runs: 0, audit: 300 }));
    expect(refused).to.be.instanceOf(InvalidFields);
    expect((refused as InvalidFields).errors.map((e) => e.path)).to.deep.equal(['/runs', '/audit']);

    const set = await app.updateRetention(ada.principal, workspaceId, { runs: 30 });
    expect(set.effective.runs).to.equal(30);
    expect(set.workspace.audit).to.equal(null);
    const events = app.auditLog.events.filter((e) => e.type === 'retention_updated');
    expect(events.map((e) => [e.workspaceId, e.userId, e.details])).to.deep.equal([
      [workspaceId, ada.user.id, { fields: 'runs', runs_days: 30 }],
    ]);
  });
});
