import { expect } from 'chai';
import fc from 'fast-check';
import { DomainError } from '../../../src/domain/kernel/errors.ts';
import type { Principal } from '../../../src/domain/kernel/principal.ts';
import type { RunPolicyChanges } from '../../../src/domain/missions/run-policy.ts';
import type { Run, RunSummary } from '../../../src/domain/runs/run.ts';
import { FixedClock } from '../../support/auth-fakes.ts';
import { actor, type TestCradle, testContainer, principal as worker } from '../../support/test-container.ts';

/** Two missions: one capped per key value, one capped as a whole; both time out, retry and back off. */
const POLICIES: RunPolicyChanges[] = [
  { concurrencyLimit: 2, concurrencyKey: '/k', maxAttempts: 3, retryBackoffSeconds: 5, timeoutSeconds: 40 },
  { concurrencyLimit: 1, maxAttempts: 2, retryBackoffSeconds: 5 },
];
const LEASE_SECONDS = 30;

type Action =
  | { kind: 'queue'; mission: number; key: string }
  | { kind: 'claim'; workers: number }
  | { kind: 'complete'; pick: number; outcome: 'succeeded' | 'failed' | 'retryable' }
  | { kind: 'cancel'; pick: number }
  | { kind: 'heartbeat'; pick: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'sweep' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('queue' as const),
      mission: fc.integer({ min: 0, max: 1 }),
      key: fc.constantFrom('a', 'b', 'c'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('claim' as const), workers: fc.integer({ min: 1, max: 4 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('complete' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'retryable' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('heartbeat' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.constantFrom(1, 5, 15, 31, 45),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
);

/** Expected DomainErrors (a lease that ran out, a run finished meanwhile) are outcomes, not failures. */
async function tolerate(work: Promise<unknown>): Promise<void> {
  await work.catch((error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
  });
}

for (const persistence of ['memory', 'postgres'] as const) {
  // PostgreSQL: two containers (two server instances) on one database, racing for the same runs.
  const instanceCount = persistence === 'postgres' ? 2 : 1;

  describe(`concurrency caps and claims under random schedules (${persistence}, ${instanceCount} instance(s))`, () => {
    async function world() {
      const clock = new FixedClock();
      const instances: TestCradle<{ clock: FixedClock }>[] = [];
      for (let i = 0; i < instanceCount; i++) {
        instances.push((await testContainer({ persistence, doubles: { clock } })).cradle);
      }
      const first = instances[0] as TestCradle<{ clock: FixedClock }>;
      const owner = await actor(first);
      const workspaceId = owner.personal.id;
      const missions = [];
      for (const policy of POLICIES) {
        missions.push(await first.createMission(owner.principal, { workspaceId, name: 'm', policy }));
      }
      return { clock, instances, owner, workspaceId, missions };
    }

    it('never lets a cap be exceeded nor hands a run out twice, and every run finishes in the end', async function () {
      this.timeout(300_000);
      let workers = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(action, { minLength: 1, maxLength: 4 }), { minLength: 5, maxLength: 30 }),
          async (bursts) => {
            const { clock, instances, owner, workspaceId, missions } = await world();
            const app = instances[0] as TestCradle<{ clock: FixedClock }>;
            const instance = (i: number) => instances[i % instances.length] as TestCradle;
            const all = async () =>
              (await app.listRuns(owner.principal, { workspaceId }, { limit: 200 })).items;
            const holder = (run: RunSummary): Principal => worker(owner.user.id, run.leaseOwner as string);
            const active = (runs: RunSummary[], status: Run['status'][]) =>
              runs.filter((r) => status.includes(r.status));

            async function checkCaps(): Promise<void> {
              const groups = new Map<string, { running: number; admitted: number; limit: number }>();
              for (const run of await all()) {
                const limit = run.policy.concurrencyLimit;
                if (limit === null) continue;
                const name = `${run.missionId}/${run.concurrencyKey}`;
                const group = groups.get(name) ?? { running: 0, admitted: 0, limit };
                if (run.status === 'running') group.running++;
                if (run.admitted) group.admitted++;
                groups.set(name, group);
              }
              for (const [name, group] of groups) {
                expect(group.running, `running in ${name}`).to.be.at.most(group.limit);
                expect(group.admitted, `slots held in ${name}`).to.be.at.most(group.limit);
              }
            }

            async function claimBurst(count: number): Promise<Run[]> {
              const runningBefore = new Set(active(await all(), ['running']).map((r) => r.id));
              const claimed = await Promise.all(
                Array.from({ length: count }, (_, i) =>
                  instance(i).claimRun(worker(owner.user.id, `w${++workers}`), {
                    workspaceId,
                    leaseSeconds: LEASE_SECONDS,
                  }),
                ),
              );
              const ids = claimed.filter((r) => r !== undefined).map((r) => r.id);
              expect(new Set(ids).size, 'one run to two claims').to.equal(ids.length);
              for (const id of ids) expect(runningBefore.has(id), `${id} was still running`).to.equal(false);
              return claimed.filter((r) => r !== undefined);
            }

            async function perform(next: Action, step: number, runs: RunSummary[]): Promise<void> {
              const running = active(runs, ['running']);
              const pick = <T>(list: T[], n: number) => list[n % Math.max(list.length, 1)];
              switch (next.kind) {
                case 'queue': {
                  const mission = missions[next.mission] as { id: string };
                  await instance(step).startRun(owner.principal, mission.id, { input: { k: next.key } });
                  return;
                }
                case 'claim':
                  await claimBurst(next.workers);
                  return;
                case 'complete': {
                  const run = pick(running, next.pick);
                  if (!run) return;
                  const outcome =
                    next.outcome === 'succeeded'
                      ? { status: 'succeeded' as const }
                      : { status: 'failed' as const, retryable: next.outcome === 'retryable' };
                  return tolerate(instance(step).completeRun(holder(run), run.id, outcome));
                }
                case 'cancel': {
                  const run = pick(active(runs, ['queued', 'running']), next.pick);
                  return run && tolerate(instance(step).cancelRun(owner.principal, run.id));
                }
                case 'heartbeat': {
                  const run = pick(running, next.pick);
                  return (
                    run &&
                    tolerate(
                      instance(step).heartbeatRun(holder(run), run.id, { leaseSeconds: LEASE_SECONDS }),
                    )
                  );
                }
                case 'advance':
                  clock.advance(next.seconds);
                  return;
                case 'sweep':
                  await Promise.all(instances.map((i) => i.expireRunLeases()));
                  return;
              }
            }

            // Each step runs up to four actions at once, spread over the instances.
            for (const burst of bursts) {
              const runs = await all();
              await Promise.all(burst.map((next, i) => perform(next, i, runs)));
              await checkCaps();
            }

            // Drain: every waiting run must get its slot and finish (no slot is ever lost).
            for (let round = 0; round < 60; round++) {
              const left = active(await all(), ['queued', 'running']);
              if (left.length === 0) break;
              clock.advance(61);
              await Promise.all(instances.map((i) => i.expireRunLeases()));
              for (const run of await claimBurst(4)) {
                await instance(round).completeRun(holder(run), run.id, { status: 'succeeded' });
              }
              await checkCaps();
            }
            expect(active(await all(), ['queued', 'running']).map((r) => r.status)).to.deep.equal([]);
          },
        ),
        { numRuns: persistence === 'postgres' ? 12 : 60 },
      );
    });
  });
}
