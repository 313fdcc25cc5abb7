// Item 2 of issue 10, durability under SIGKILL: concurrent senders deliver signed webhooks (each with its own
// idempotency key, retried like a real sender on a network error or a 5xx) while the server is SIGKILLed at
// random moments and started again on the same database. Afterwards, through a fresh server process: every
// delivery answered 202 (or 200 duplicate) exists with its run, no run exists without its delivery, and each
// delivery was accepted exactly once. Usage: node scripts/resilience/durability.ts [--deliveries 2000]
// [--concurrency 8] [--kills 3] [--seed N]
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { call, createFixture, type Json, signed } from './api.ts';
import { byStatus, count, Figures } from './figures.ts';
import { pages, randomSource } from './paging.ts';
import { measure, sleep, startTarget } from './target.ts';

const { values } = parseArgs({
  options: {
    deliveries: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    kills: { type: 'string', default: '3' },
    seed: { type: 'string' },
  },
});
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
const KILLS = Number(values.kills);
const SEED = Number(values.seed ?? randomInt(2 ** 31));
const random = randomSource(SEED);

const figures = new Figures(`durability under SIGKILL (seed ${SEED})`);
const target = await startTarget({ env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000' } });
await measure(figures, target, async () => {
  const fixture = await createFixture(target.base, 'durability');
  // Kill points, as numbers of acknowledgements: somewhere in the middle 80 % of the load, never at the edges.
  const killAt = Array.from({ length: KILLS }, () => Math.floor(DELIVERIES * (0.1 + 0.8 * random())));
  killAt.sort((a, b) => a - b);
  const acknowledged = new Map<string, { deliveryId: string; runId: string; status: number }>();
  const answers = new Map<number | string, number>();
  const restarts: number[] = [];
  let killing: Promise<void> | undefined;
  let next = 0;

  const maybeKill = () => {
    if (killing || killAt.length === 0 || acknowledged.size < (killAt[0] as number)) return;
    killAt.shift();
    killing = (async () => {
      await sleep(random() * 50);
      const started = performance.now();
      await target.killAndRestart();
      restarts.push(performance.now() - started);
      killing = undefined;
    })();
  };

  /** One delivery until it is acknowledged: a network error, 429 or 5xx is retried with the same key. */
  const deliver = async (n: number) => {
    const body = JSON.stringify({ n, event: 'durability', pad: 'x'.repeat(200 + (n % 7) * 100) });
    const key = `durability-${n}`;
    for (let attempt = 0; attempt < 300; attempt++) {
      let status: number | string;
      let answer: Json;
      try {
        const response = await fetch(`${target.base}${fixture.ingestPath}`, {
          method: 'POST',
          headers: signed(fixture.trigger.signing_secret, body, key),
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        answer = await response.json().catch(() => undefined);
      } catch (error) {
        status = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      count(answers, status);
      if (status === 202 || status === 200) {
        acknowledged.set(key, { deliveryId: answer.delivery_id, runId: answer.run_id, status });
        maybeKill();
        return;
      }
      if (typeof status === 'number' && status < 500 && status !== 429) {
        throw new Error(`delivery ${n} answered ${status}: ${JSON.stringify(answer)}`);
      }
      await sleep(50 + random() * 250);
    }
    throw new Error(`delivery ${n} was never acknowledged`);
  };

  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DELIVERIES) await deliver(next++);
    }),
  );
  await killing;
  const seconds = (performance.now() - started) / 1000;
  figures.note(
    `${DELIVERIES} deliveries by ${CONCURRENCY} concurrent senders in ${seconds.toFixed(1)} s; ` +
      `${restarts.length} SIGKILLs, back up after ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  figures.note(`answers and errors seen by the senders: ${byStatus(answers)}`);
  figures.check(`the server was killed ${KILLS} times under load`, restarts.length === KILLS);

  // The truth, read through the API of a server process started after the last kill.
  const token = fixture.token;
  let found = 0;
  const lost: string[] = [];
  const queue = [...acknowledged];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let item = queue.pop(); item; item = queue.pop()) {
        const [key, { deliveryId, runId }] = item;
        const delivery = await call(target.base, token, 'GET', `/api/deliveries/${deliveryId}`);
        const run = await call(target.base, token, 'GET', `/api/runs/${runId}`);
        const whole =
          delivery.status === 200 &&
          delivery.body.run_id === runId &&
          run.status === 200 &&
          run.body.trigger?.delivery_id === deliveryId;
        if (whole) found++;
        else lost.push(`${key} (delivery ${delivery.status}, run ${run.status})`);
      }
    }),
  );
  const duplicates = [...acknowledged.values()].filter((a) => a.status === 200).length;
  figures.note(
    `acknowledged ${acknowledged.size} (${duplicates} of them as duplicates of a delivery whose 202 was lost ` +
      `in a kill), found ${found}, lost ${lost.length}`,
  );
  figures.check(
    'every acknowledged delivery exists with its run (lost = 0)',
    lost.length === 0,
    lost.slice(0, 5).join('; '),
  );

  const accepted = await pages(
    target.base,
    token,
    `/api/triggers/${fixture.trigger.id}/deliveries?status=accepted`,
  );
  const runs = await pages(target.base, token, `/api/runs?workspace_id=${fixture.workspaceId}`);
  const deliveryIds = new Set(accepted.map((d) => d.id));
  const runIds = new Set(runs.map((r) => r.id));
  const orphanRuns = runs.filter((r) => !deliveryIds.has(r.trigger?.delivery_id));
  const runlessDeliveries = accepted.filter((d) => !runIds.has(d.run_id));
  const keys = new Set(accepted.map((d) => d.idempotency_key));
  figures.note(`stored: ${accepted.length} accepted deliveries, ${runs.length} runs`);
  figures.check(
    'no run exists without its delivery',
    orphanRuns.length === 0,
    `${orphanRuns.length} orphans`,
  );
  figures.check('no accepted delivery exists without its run', runlessDeliveries.length === 0);
  figures.check(
    'each delivery accepted exactly once',
    accepted.length === DELIVERIES && keys.size === DELIVERIES,
    `${accepted.length} accepted, ${keys.size} distinct keys, ${DELIVERIES} sent`,
  );
});
