import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import type { TestApp } from '../../support/test-app.ts';

describe('batched claims over HTTP (max_runs, PostgreSQL, two instances)', () => {
  // One public identity behind a load balancer: a token of one instance is good on the other.
  const env = { JWT_ISSUER: 'https://api.example.test' };
  const apps = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(apps[0] as TestApp);

  const app = (index = 0) => apps[index] as TestApp;

  async function queue(count: number, policy: object = {}, input = (n: number): object => ({ n })) {
    const workspaceId = (await api(app(), owner, 'POST', '/api/workspaces', { name: 'Batches' })).body.id;
    const mission = await api(app(), owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'b',
      policy,
    });
    expect(mission.status, JSON.stringify(mission.body)).to.equal(201);
    const ids: string[] = [];
    for (let n = 0; n < count; n++) {
      const run = await api(app(), owner, 'POST', `/api/missions/${mission.body.id}/runs`, {
        input: input(n),
      });
      ids.push(run.body.id);
    }
    return { workspaceId, ids };
  }

  const claim = (workspaceId: string, body: object = {}, instance = 0) =>
    api(app(instance), owner, 'POST', '/api/runs/claim', { workspace_id: workspaceId, ...body });

  it('answers {runs} with max_runs, the run itself without, 204 when none, and 400 for a bad max_runs', async () => {
    const { workspaceId, ids } = await queue(4);
    for (const bad of [0, 101, 1.5, '2', null]) {
      const refused = await claim(workspaceId, { max_runs: bad });
      expect(refused.status, JSON.stringify(bad)).to.equal(400);
      expect(refused.body.code).to.equal('validation_failed');
    }
    const single = await claim(workspaceId);
    expect(single.status).to.equal(200);
    expect(single.body).to.include({ id: ids[0], status: 'running' });
    const batch = await claim(workspaceId, { max_runs: 2 });
    expect(batch.status).to.equal(200);
    expect(Object.keys(batch.body)).to.deep.equal(['runs']);
    expect(batch.body.runs.map((run: { id: string }) => run.id)).to.deep.equal(ids.slice(1, 3));
    expect(batch.body.runs[0]).to.include({ status: 'running', input: batch.body.runs[0].input });
    expect(batch.body.runs[0].input).to.deep.equal({ n: 1 });
    const rest = await claim(workspaceId, { max_runs: 100 });
    expect(
      rest.body.runs.map((run: { id: string }) => run.id),
      'fewer left than asked',
    ).to.deep.equal([ids[3]]);
    expect((await claim(workspaceId, { max_runs: 100 })).status).to.equal(204);
    expect((await claim(workspaceId)).status).to.equal(204);

    const events = await api(app(), owner, 'GET', `/api/runs/${ids[1]}/events`);
    expect(
      events.body.items.map((event: { seq: number; message: string }) => [event.seq, event.message]),
    ).to.deep.equal([
      [1, 'queued'],
      [2, 'running'],
    ]);
  });

  it('concurrent batched claims on two instances hand out every run exactly once', async function () {
    this.timeout(30000);
    const { workspaceId, ids } = await queue(240);
    const handedOut: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (;;) {
          const answer = await claim(workspaceId, { max_runs: 7, lease_seconds: 600 }, worker % 2);
          if (answer.status === 204) return;
          expect(answer.status).to.equal(200);
          expect(answer.body.runs.length).to.be.within(1, 7);
          handedOut.push(...answer.body.runs.map((run: { id: string }) => run.id));
        }
      }),
    );
    expect(handedOut).to.have.lengthOf(240);
    expect(new Set(handedOut).size).to.equal(240);
    expect([...handedOut].sort()).to.deep.equal([...ids].sort());
  });

  it('concurrent batched claims never hold more runs of a key value than its concurrency_limit', async function () {
    this.timeout(30000);
    const customers = ['a', 'b', 'c'];
    const { workspaceId } = await queue(30, { concurrency_limit: 2, concurrency_key: '/customer' }, (n) => ({
      customer: customers[n % 3],
    }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, worker) => claim(workspaceId, { max_runs: 100 }, worker % 2)),
    );
    const held = answers.flatMap((answer) => (answer.status === 200 ? answer.body.runs : []));
    const perCustomer = new Map<string, number>();
    for (const run of held)
      perCustomer.set(run.input.customer, (perCustomer.get(run.input.customer) ?? 0) + 1);
    expect(Object.fromEntries(perCustomer)).to.deep.equal({ a: 2, b: 2, c: 2 });

    // Finishing one run of "a" frees exactly one slot: the next batch holds one more "a", nothing else.
    const done = held.find((run: { input: { customer: string } }) => run.input.customer === 'a');
    expect(
      (await api(app(1), owner, 'POST', `/api/runs/${done.id}/complete`, { status: 'succeeded' })).status,
    ).to.equal(200);
    const next = await claim(workspaceId, { max_runs: 100 }, 1);
    expect(next.body.runs.map((run: { input: { customer: string } }) => run.input.customer)).to.deep.equal([
      'a',
    ]);
  });
});
