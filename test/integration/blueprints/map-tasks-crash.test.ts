import { expect } from 'chai';
import { killableServers } from '../../support/killable-servers.ts';
import { loggedIn, processCaller } from '../../support/process-caller.ts';
import { within } from '../../support/within.ts';

const RUNS = 12;
const ELEMENTS = 20;

describe('map steps over task nodes: two instances, one killed while creating children (node src/main.ts)', function () {
  this.timeout(180_000);
  const { admin, serve, killLatest } = killableServers('map-crash');

  it('every element gets exactly one child run, whichever instance created it and whatever was killed', async () => {
    const first = await serve();
    // The second instance starts while the first one is set up (the bootstrap admin exists by now).
    const starting = serve();
    let second = '';
    const [callFirst, callSecond] = [processCaller(() => first), processCaller(() => second)];
    const { token, workspaceId } = await loggedIn(callFirst, admin);
    const blueprint = await callFirst('POST', '/api/blueprints', token, {
      workspace_id: workspaceId,
      name: 'Fan out',
      graph: {
        nodes: [
          {
            id: 'each',
            kind: 'map',
            input: 'input.items',
            config: { concurrency: ELEMENTS, node: { kind: 'task', config: { task_type: 'crash-map' } } },
          },
        ],
        edges: [],
      },
    });
    expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
    const mission = await callFirst('POST', '/api/missions', token, {
      workspace_id: workspaceId,
      name: 'Fan out',
      blueprint: { id: blueprint.body.id },
    });
    second = await starting;
    const items = Array.from({ length: ELEMENTS }, (_, n) => ({ n }));
    // Started together, half on each instance, as clients of both would.
    const started = await Promise.all(
      Array.from({ length: RUNS }, (_, index) =>
        (index % 2 ? callSecond : callFirst)('POST', `/api/missions/${mission.body.id}/runs`, token, {
          input: { items },
        }),
      ),
    );
    expect(started.map((run) => run.status)).to.deep.equal(started.map(() => 202));
    const runs = started.map((run) => run.body.id as string);
    const children = async (runId: string) =>
      (await callFirst('GET', `/api/runs?parent_run_id=${runId}&limit=100`, token)).body.items as {
        id: string;
        step_index: number;
        status: string;
      }[];
    // Killed as soon as the first children exist: the instances are still creating the others.
    await within(30_000, 'a first child', async () => (await children(runs.at(-1) as string)).length > 0, 5);
    await killLatest();
    second = await serve();

    // The workers: each claimed child is completed once, with its element doubled.
    const completed = new Set<string>();
    await within(
      120_000,
      'every run finished',
      async () => {
        for (const call of [callFirst, callSecond]) {
          const claim = await call('POST', '/api/runs/claim', token, {
            workspace_id: workspaceId,
            task_types: ['crash-map'],
            max_runs: 50,
          });
          if (claim.status !== 200) continue;
          const claimed = claim.body.runs as { id: string; input: { n: number } }[];
          for (const child of claimed) {
            expect(completed.has(child.id), `${child.id} claimed again`).to.equal(false);
            completed.add(child.id);
          }
          // The batch completed together, as a worker with a slot per claimed run would.
          const done = await Promise.all(
            claimed.map((child) =>
              call('POST', `/api/runs/${child.id}/complete`, token, {
                status: 'succeeded',
                output: { doubled: child.input.n * 2 },
              }),
            ),
          );
          expect(done.map((answer) => answer.status)).to.deep.equal(claimed.map(() => 200));
        }
        for (const id of runs) {
          if ((await callFirst('GET', `/api/runs/${id}`, token)).body.status === 'running') return false;
        }
        return true;
      },
      20,
    );
    for (const id of runs) {
      const run = (await callFirst('GET', `/api/runs/${id}`, token)).body;
      expect(run.status, JSON.stringify(run.error)).to.equal('succeeded');
      expect(run.output.each).to.deep.equal(items.map(({ n }) => ({ doubled: n * 2 })));
      const made = await children(id);
      expect(made.length, `children of ${id}`).to.equal(ELEMENTS);
      expect(made.map((child) => child.step_index).sort((a, b) => a - b)).to.deep.equal(
        items.map(({ n }) => n),
      );
    }
    expect(completed.size).to.equal(RUNS * ELEMENTS);
  });
});
