import { expect } from 'chai';
import { Forbidden, InvalidInput, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

const KEY = 'sk-unit-secret-key-9876';

describe('model provider use cases', () => {
  async function setup() {
    const app = await useCases();
    const cast = await team(app, { shared: 'Models' });
    return { app, ...cast };
  }

  it('lets admins add, change and delete a provider and members read it; outsiders see nothing', async () => {
    const { app, bob, cyd, eve, workspaceId } = await setup();
    const created = await app.createModelProvider(bob.principal, workspaceId, {
      name: 'Local',
      kind: 'openai',
      baseUrl: 'http://ollama.internal:11434/v1/',
      apiKey: KEY,
    });
    expect(created).to.deep.include({
      name: 'Local',
      kind: 'openai',
      baseUrl: 'http://ollama.internal:11434/v1',
    });
    expect(created.apiKeyHint).to.equal('9876');
    expect((await app.getModelProvider(cyd.principal, created.id)).apiKey).to.equal(KEY);
    expect(
      (await app.listModelProviders(cyd.principal, workspaceId, { limit: 50 })).items.map((p) => p.id),
    ).to.deep.equal([created.id]);
    await rejectionOf(
      app.createModelProvider(cyd.principal, workspaceId, { name: 'x', kind: 'openai', apiKey: 'k' }),
      Forbidden,
    );
    await rejectionOf(app.updateModelProvider(cyd.principal, created.id, { name: 'x' }), Forbidden);
    await rejectionOf(app.deleteModelProvider(cyd.principal, created.id), Forbidden);
    await rejectionOf(app.getModelProvider(eve.principal, created.id), NotFound);

    app.clock.advance(1);
    const changed = await app.updateModelProvider(bob.principal, created.id, {
      apiKey: 'sk-replaced-1234',
      baseUrl: null,
    });
    expect(changed).to.deep.include({
      baseUrl: null,
      endpoint: 'https://api.openai.com/v1',
      apiKeyHint: '1234',
      name: 'Local',
    });
    expect((await app.getModelProvider(bob.principal, created.id)).apiKey).to.equal('sk-replaced-1234');
    await app.deleteModelProvider(bob.principal, created.id);
    await rejectionOf(app.getModelProvider(bob.principal, created.id), NotFound);
  });

  it('audits creation, changes (the fields, not their values) and deletion, never the key or the address', async () => {
    const { app, bob, workspaceId } = await setup();
    const created = await app.createModelProvider(bob.principal, workspaceId, {
      name: 'Claude',
      kind: 'anthropic',
      baseUrl: 'https://models.example/secret-path',
      apiKey: KEY,
    });
    app.clock.advance(1);
    await app.updateModelProvider(bob.principal, created.id, { apiKey: `${KEY}-2`, name: 'Claude 2' });
    app.clock.advance(1);
    await app.deleteModelProvider(bob.principal, created.id);
    const events = (
      await app.listWorkspaceAuditEvents(bob.principal, workspaceId, {}, { limit: 200 })
    ).items.filter((e) => e.target?.type === 'model_provider');
    expect(events.map((e) => [e.type, e.details])).to.deep.equal([
      ['model_provider_deleted', {}],
      ['model_provider_updated', { fields: 'apiKey,name' }],
      ['model_provider_created', { kind: 'anthropic' }],
    ]);
    const text = JSON.stringify(events);
    expect(text).not.to.include(KEY);
    expect(text).not.to.include('secret-path');
  });

  it('refuses a bad address or key and stores nothing', async () => {
    const { app, bob, workspaceId } = await setup();
    for (const input of [
      { baseUrl: 'ftp://models.example' },
      { baseUrl: 'https://user:pass@models.example' },
      { baseUrl: 'https://models.example/v1?x=1' },
      { apiKey: 'has space' },
      { apiKey: '' },
      { name: '   ' },
    ]) {
      await rejectionOf(
        app.createModelProvider(bob.principal, workspaceId, {
          name: 'n',
          kind: 'openai',
          apiKey: 'k',
          ...input,
        }),
        InvalidInput,
      );
    }
    expect((await app.listModelProviders(bob.principal, workspaceId, { limit: 50 })).items).to.deep.equal([]);
  });

  it('hints at most half of a short key', async () => {
    const { app, bob, workspaceId } = await setup();
    const hint = async (apiKey: string) =>
      (await app.createModelProvider(bob.principal, workspaceId, { name: 'n', kind: 'openai', apiKey }))
        .apiKeyHint;
    expect([
      await hint('k'),
      await hint('abcd'),
      await hint('abcdefg'),
      await hint('abcdefgh'),
    ]).to.deep.equal(['', 'cd', 'efg', 'efgh']);
  });
});
