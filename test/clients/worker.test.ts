import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import {
  ApiError,
  apiKey,
  type ClaimedRun,
  createPlatformClient,
  paginate,
  RunCancelledError,
  runWorker,
  type WorkerOptions,
} from '../../clients/typescript/src/index.ts';
import { api, principalOf } from '../support/api.ts';
import { suiteApp, suiteUser } from '../support/http-suite.ts';
import { suiteValue } from '../support/suite-values.ts';

const WORKER_PROCESS = fileURLToPath(new URL('../support/worker-process.ts', import.meta.url));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('worker SDK (runWorker) against the real server (PostgreSQL)', function () {
  this.timeout(60000);
  const app = suiteApp();
  const owner = suiteUser(app);
  const principal = suiteValue(() => principalOf(app, owner));

  /**
   * A workspace of its own, a mission, and `keys` admin keys (one per worker). The mission's runs wait 1 s
   * after a lost lease before they may be claimed again, not the default 10 s.
   */
  async function workspace(keys = 1) {
    const c = app.container.cradle;
    const { workspace: ws } = await c.createWorkspace(principal, { name: 'Workers' });
    const mission = await c.createMission(principal, {
      workspaceId: ws.id,
      name: 'work',
      policy: { retryBackoffSeconds: 1 },
    });
    const made = [];
    for (let i = 0; i < keys; i++) {
      const issued = await c.createApiKey(
        principal,
        ws.id,
        { name: `w${i}`, role: 'admin', expiresAt: null },
        'ip',
      );
      made.push(issued.key);
    }
    const queue = async (count: number) => {
      const ids: string[] = [];
      for (let start = 0; start < count; start += 50) {
        const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) =>
          c.startRun(principal, mission.id, { input: { n: start + i } }),
        );
        ids.push(...(await Promise.all(batch)).map((run) => run.id));
      }
      return ids;
    };
    const run = (id: string) => c.getRun(principal, id);
    return { workspaceId: ws.id, keys: made, queue, run };
  }

  const options = (key: string, workspaceId: string, more: Partial<WorkerOptions> = {}): WorkerOptions => ({
    baseUrl: app.baseUrl,
    apiKey: key,
    workspaceId,
    concurrency: 1,
    idleBackoff: { initialMs: 20, maxMs: 100 },
    stopOnSignals: false,
    logger: quiet,
    handler: async () => {},
    ...more,
  });

  /** A promise resolved once `count` calls of `tick` have happened. */
  function countdown(count: number) {
    let resolve: () => void = () => {};
    const reached = new Promise<void>((r) => {
      resolve = r;
    });
    let seen = 0;
    return { reached, tick: () => ++seen === count && resolve() };
  }

  it('drains 1,000 runs with 8 concurrent handlers, completing each exactly once', async () => {
    const { workspaceId, keys, queue, run } = await workspace();
    const ids = await queue(1000);
    const handled = new Map<string, number>();
    let active = 0;
    let most = 0;
    const all = countdown(1000);
    const started = performance.now();
    const worker = runWorker(
      options(keys[0] as string, workspaceId, {
        concurrency: 8,
        handler: async (run: ClaimedRun) => {
          most = Math.max(most, ++active);
          handled.set(run.id, (handled.get(run.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 10));
          active--;
          all.tick();
          return { n: (run.input as { n: number }).n };
        },
      }),
    );
    await all.reached;
    await worker.stop();
    const seconds = (performance.now() - started) / 1000;
    console.log(`      1,000 runs, 8 handlers: ${Math.round(1000 / seconds)} runs/s`);

    expect(handled.size).to.equal(1000);
    expect(
      [...handled.values()].every((times) => times === 1),
      'each run handled once',
    ).to.equal(true);
    expect(most, 'handlers ran side by side, never more than 8').to.be.within(2, 8);
    const client = createPlatformClient({ baseUrl: app.baseUrl, credential: apiKey(keys[0] as string) });
    const listed = new Map<string, { status: string; attempt: number }>();
    for await (const run of paginate((cursor) =>
      client.GET('/api/runs', { params: { query: { workspace_id: workspaceId, limit: 200, cursor } } }),
    )) {
      listed.set(run.id, { status: run.status, attempt: run.attempt });
    }
    expect([...listed.keys()].sort()).to.deep.equal([...ids].sort());
    expect([...listed.values()].every((r) => r.status === 'succeeded' && r.attempt === 1)).to.equal(true);
    // Lists carry no output: read each run for the output its handler returned.
    // Twenty reads at a time: a thousand at once wait on the test's database pool, which a loaded machine lets
    // time out.
    const outputs: unknown[] = [];
    for (let i = 0; i < ids.length; i += 20) {
      const batch = ids.slice(i, i + 20);
      outputs.push(...(await Promise.all(batch.map(async (id) => (await run(id)).output?.n))));
    }
    expect(outputs).to.deep.equal(ids.map((_, index) => index));
  });

  it('takes over the runs of a worker killed mid-run once their lease ends', async () => {
    const { workspaceId, keys, queue, run } = await workspace(2);
    const ids = await queue(3);
    const killed = spawnWorker(keys[0] as string, workspaceId, {
      CONCURRENCY: '2',
      LEASE_SECONDS: '5',
      HANDLER_MS: 'forever',
    });
    const held = (await killed.lines(2)).map((line) => line.claimed as string);
    killed.child.kill('SIGKILL');
    await once(killed.child, 'exit');

    const takenOver = new Map<string, number>();
    const all = countdown(3);
    const started = performance.now();
    const worker = runWorker(
      options(keys[1] as string, workspaceId, {
        concurrency: 2,
        leaseSeconds: 5,
        handler: async (claimed) => {
          takenOver.set(claimed.id, claimed.attempt);
          all.tick();
          return { by: 'second worker' };
        },
      }),
    );
    await all.reached;
    await worker.stop();
    expect(performance.now() - started, 'waited for the leases').to.be.greaterThan(3000);
    for (const id of ids) {
      const final = await run(id);
      expect([final.status, final.output?.by], id).to.deep.equal(['succeeded', 'second worker']);
      expect(takenOver.get(id), id).to.equal(held.includes(id) ? 2 : 1);
    }
  });

  it('on SIGTERM finishes the run it holds, claims no more, and exits 0', async () => {
    const { workspaceId, keys, queue, run } = await workspace();
    const [first] = await queue(1);
    const worker = spawnWorker(keys[0] as string, workspaceId, { HANDLER_MS: '1500' });
    await worker.lines(1);
    worker.child.kill('SIGTERM');
    const [later] = await queue(1);
    const [code] = await once(worker.child, 'exit');
    expect(code, worker.output()).to.equal(0);
    expect(worker.output()).to.include(`{"finished":"${first}"}`);
    expect((await run(first as string)).status).to.equal('succeeded');
    expect((await run(later as string)).status, 'claimed nothing after SIGTERM').to.equal('queued');
  });

  it('heartbeats at a third of the lease, so a handler may outlast it; a cancelled run aborts its signal', async () => {
    const { workspaceId, keys, queue, run } = await workspace();
    const [slow] = await queue(1);
    const beats: number[] = [];
    const fetcher = (request: Request) => {
      if (request.url.endsWith('/heartbeat')) beats.push(performance.now());
      return fetch(request);
    };
    const finished = countdown(1);
    const worker = runWorker(
      options(keys[0] as string, workspaceId, {
        leaseSeconds: 5,
        fetch: fetcher,
        handler: async () => {
          await new Promise((resolve) => setTimeout(resolve, 6500));
          finished.tick();
        },
      }),
    );
    await finished.reached;
    await worker.stop();
    expect(beats.length, 'a beat every 5/3 s for 6.5 s').to.be.at.least(3);
    expect(await run(slow as string)).to.deep.include({ status: 'succeeded', attempt: 1 });

    const [cancelled] = await queue(1);
    let aborted: unknown;
    const gaveUp = countdown(1);
    const second = runWorker(
      options(keys[0] as string, workspaceId, {
        leaseSeconds: 5,
        handler: async (_claimed, { signal }) => {
          await api(app, owner, 'POST', `/api/runs/${cancelled}/cancel`);
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          aborted = signal.reason;
          gaveUp.tick();
          throw new Error('stopped');
        },
      }),
    );
    await gaveUp.reached;
    await second.stop();
    expect(aborted, 'a cancelled run, not a lost lease').to.be.instanceOf(RunCancelledError);
    expect((await run(cancelled as string)).status, 'nothing reported for a lost run').to.equal('cancelled');
  });

  it('backs off on an empty queue and waits for Retry-After on 503; a revoked key stops it with the error', async () => {
    const { workspaceId, keys } = await workspace();
    const claims: number[] = [];
    const fetcher = async (request: Request) => {
      claims.push(performance.now());
      if (claims.length === 1) {
        return new Response(
          JSON.stringify({ status: 503, code: 'service_unavailable', title: 'x', detail: 'x' }),
          {
            status: 503,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
          },
        );
      }
      return fetch(request);
    };
    const worker = runWorker(
      options(keys[0] as string, workspaceId, {
        fetch: fetcher,
        idleBackoff: { initialMs: 100, maxMs: 400 },
      }),
    );
    while (claims.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    const list = await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/api-keys`);
    await api(app, owner, 'DELETE', `/api/workspaces/${workspaceId}/api-keys/${list.body.items[0].id}`);
    const stopped = await worker.stopped.then(
      () => undefined,
      (error: unknown) => error,
    );
    const gaps = claims.slice(1).map((at, index) => at - (claims[index] as number));
    expect(gaps[0], 'Retry-After: 1').to.be.at.least(1000);
    expect(gaps.slice(1, 4).map((gap, index) => gap >= 100 * 2 ** index)).to.deep.equal([true, true, true]);
    expect(stopped).to.be.instanceOf(ApiError);
    expect((stopped as ApiError).code).to.equal('invalid_token');
  });

  function spawnWorker(key: string, workspaceId: string, env: Record<string, string>) {
    const child = spawn(process.execPath, [WORKER_PROCESS], {
      env: {
        PATH: process.env.PATH ?? '',
        BASE_URL: app.baseUrl,
        API_KEY: key,
        WORKSPACE_ID: workspaceId,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const parsed = () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => 'claimed' in line);
    return {
      child,
      output: () => `${stdout}\n${stderr}`,
      /** The first `count` "claimed" lines, once printed. */
      async lines(count: number) {
        while (parsed().length < count) {
          if (child.exitCode !== null) throw new Error(`the worker exited: ${stdout}\n${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return parsed().slice(0, count);
      },
    };
  }
});
