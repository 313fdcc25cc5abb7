import { expect } from 'chai';
import { team, useCases } from '../../../support/test-container.ts';

describe('agent and thread audit events (use cases on memory)', () => {
  it('audits agents created, changed (new version, field names) and deleted, and threads, never their texts', async () => {
    const app = await useCases();
    const { bob, cyd, workspaceId } = await team(app, { shared: 'Audited agents' });
    const provider = await app.createModelProvider(bob.principal, workspaceId, {
      name: 'p',
      kind: 'openai',
      apiKey: 'sk-unit-audit',
    });
    const { agent } = await app.createAgent(bob.principal, {
      workspace_id: workspaceId,
      name: 'Helper',
      provider_id: provider.id,
      model: 'm',
      instructions: 'Secret instructions.',
    });
    app.clock.advance(1);
    await app.updateAgent(bob.principal, agent.id, { model: 'm2', instructions: 'Other secret.' });
    app.clock.advance(1);
    const thread = await app.createThread(cyd.principal, {
      workspace_id: workspaceId,
      agent_id: agent.id,
      metadata: { topic: 'private topic' },
    });
    app.clock.advance(1);
    await app.deleteThread(cyd.principal, thread.id);
    app.clock.advance(1);
    await app.deleteAgent(bob.principal, agent.id);

    const events = (
      await app.listWorkspaceAuditEvents(bob.principal, workspaceId, {}, { limit: 200 })
    ).items.filter((e) => e.target?.type === 'agent' || e.target?.type === 'thread');
    expect(events.map((e) => [e.type, e.target?.id, e.details, e.userId])).to.deep.equal([
      ['agent_deleted', agent.id, {}, bob.user.id],
      ['thread_deleted', thread.id, { agent_id: agent.id }, cyd.user.id],
      ['thread_created', thread.id, { agent_id: agent.id }, cyd.user.id],
      ['agent_updated', agent.id, { version: 2, fields: 'instructions,model' }, bob.user.id],
      ['agent_created', agent.id, { version: 1, provider_id: provider.id }, bob.user.id],
    ]);
    const text = JSON.stringify(events);
    expect(text).not.to.include('ecret');
    expect(text).not.to.include('private topic');
  });

  it('records nothing when the change is refused', async () => {
    const app = await useCases();
    const { bob, cyd, workspaceId } = await team(app, { shared: 'Refused agents' });
    await app
      .createAgent(cyd.principal, {
        workspace_id: workspaceId,
        name: 'x',
        provider_id: bob.user.id,
        model: 'm',
        instructions: 'i',
      })
      .catch(() => undefined);
    const events = await app.listWorkspaceAuditEvents(bob.principal, workspaceId, {}, { limit: 200 });
    expect(events.items.filter((e) => e.target?.type === 'agent')).to.deep.equal([]);
  });
});
