import { expect } from 'chai';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

describe('memory use cases (in memory)', () => {
  it('writes with a TTL that ends the item at once, keeping the creation time of a live one', async () => {
    const app = await useCases();
    const { cyd, workspaceId } = await team(app);
    const address = { workspace_id: workspaceId, namespace: 'a.b', key: 'k' };
    const first = await app.putMemoryItem(cyd.principal, {
      workspace_id: workspaceId,
      namespace: ['a', 'b'],
      key: 'k',
      value: { v: 1 },
      ttl_seconds: 60,
    });
    expect(first.created).to.equal(true);
    app.clock.advance(30);
    const second = await app.putMemoryItem(cyd.principal, {
      workspace_id: workspaceId,
      namespace: ['a', 'b'],
      key: 'k',
      value: { v: 2 },
      ttl_seconds: 60,
    });
    expect(second.created).to.equal(false);
    expect(second.item.createdAt).to.deep.equal(first.item.createdAt);
    app.clock.advance(59);
    expect((await app.getMemoryItem(cyd.principal, address)).value).to.deep.equal({ v: 2 });
    app.clock.advance(1);
    expect((await rejectionOf(app.getMemoryItem(cyd.principal, address), DomainError)).code).to.equal(
      'not_found',
    );
    expect(await app.sweepExpiredMemory()).to.equal(1);
    expect(await app.sweepExpiredMemory()).to.equal(0);
  });

  it('refuses outsiders as not found and bad input as invalid, before storing anything', async () => {
    const app = await useCases();
    const { eve, cyd, workspaceId } = await team(app);
    const put = (principal: typeof eve.principal, extra: Record<string, unknown>) =>
      app.putMemoryItem(principal, {
        workspace_id: workspaceId,
        namespace: ['n'],
        key: 'k',
        value: {},
        ...extra,
      });
    expect((await rejectionOf(put(eve.principal, {}), DomainError)).code).to.equal('not_found');
    for (const bad of [
      { namespace: ['a b'] },
      { namespace: [] },
      { value: [] },
      { key: '' },
      { ttl_seconds: 1.5 },
      { value: { text: 'x'.repeat(64 * 1024) } },
    ]) {
      expect(
        (await rejectionOf(put(cyd.principal, bad), DomainError)).kind,
        JSON.stringify(bad).slice(0, 50),
      ).to.equal('invalid');
    }
    const search = app.searchMemory(cyd.principal, {
      workspace_id: workspaceId,
      namespace_prefix: ['n'],
      limit: 0,
    });
    expect((await rejectionOf(search, DomainError)).kind).to.equal('invalid');
    expect(
      await app.searchMemory(cyd.principal, { workspace_id: workspaceId, namespace_prefix: ['n'] }),
    ).to.deep.equal([]);
  });

  it('answers the agent memory tool in its scope: put, get, search, delete; a bad action is invalid', async () => {
    const app = await useCases();
    const { workspaceId } = await team(app);
    const scope = { workspaceId, namespace: ['prefs', 'user-1'] };
    expect(
      await app.agentMemory.call(scope, { action: 'put', key: 'k', value: { likes: 'tea' } }),
    ).to.deep.equal({
      key: 'k',
      created: true,
    });
    expect(await app.agentMemory.call(scope, { action: 'get', key: 'k' })).to.deep.equal({
      key: 'k',
      value: { likes: 'tea' },
    });
    expect(await app.agentMemory.call(scope, { action: 'search', query: 'tea', limit: 2.5 })).to.deep.equal({
      items: [{ key: 'k', value: { likes: 'tea' } }],
    });
    expect(
      await app.agentMemory.call(
        { workspaceId, namespace: ['prefs', 'user-2'] },
        { action: 'get', key: 'k' },
      ),
    ).to.deep.equal({ key: 'k', value: null });
    expect(await app.agentMemory.call(scope, { action: 'delete', key: 'k' })).to.deep.equal({
      deleted: true,
    });
    for (const args of [{ action: 'toString' }, { action: 'get' }, { action: 'put', key: 'k', value: 3 }]) {
      expect((await rejectionOf(app.agentMemory.call(scope, args), DomainError)).kind).to.equal('invalid');
    }
  });
});
