// Issue 19, outbound dispatch: one workspace's messages to endpoints that never answer must not delay another
// workspace's. Workspace A has 5 endpoints on a tarpit (accepts, never answers) and 30 finished runs (150
// messages); then workspace B finishes one run, whose message goes to a receiver that answers at once.
// Usage: node scripts/resilience/dispatch-fairness.ts

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFixture, ok } from './api.ts';
import { Figures } from './figures.ts';
import { measure, sleep, startTarget } from './target.ts';

const LATENCY_LIMIT_MS = 3000;

const figures = new Figures('outbound dispatch fairness (150 messages to a tarpit, one to a fast receiver)');
const tarpit = createServer(() => {});
let received = 0;
const receiver = createServer((_req, res) => {
  received++;
  res.writeHead(204).end();
});
const listen = async (server: ReturnType<typeof createServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
};
const tarpitUrl = await listen(tarpit);
const receiverUrl = await listen(receiver);
const target = await startTarget({
  env: { OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true', OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '200' },
});
await measure(
  figures,
  target,
  async () => {
    const finish = async (fixture: Awaited<ReturnType<typeof createFixture>>) => {
      const { token, workspaceId, missionId } = fixture;
      await ok(target.base, token, 'POST', `/api/missions/${missionId}/runs`, { input: {} });
      const run = await ok(target.base, token, 'POST', '/api/runs/claim', { workspace_id: workspaceId });
      await ok(target.base, token, 'POST', `/api/runs/${run.id}/complete`, { status: 'succeeded' });
    };
    const noisy = await createFixture(target.base, 'noisy');
    for (let i = 0; i < 5; i++) {
      await ok(target.base, noisy.token, 'POST', `/api/workspaces/${noisy.workspaceId}/webhook-endpoints`, {
        url: tarpitUrl,
        event_types: ['run.succeeded'],
      });
    }
    for (let i = 0; i < 30; i++) await finish(noisy);
    figures.note('workspace A: 30 runs finished, 150 messages to 5 endpoints that never answer');
    await sleep(1000); // A's attempts are in flight
    const quiet = await createFixture(target.base, 'quiet');
    await ok(target.base, quiet.token, 'POST', `/api/workspaces/${quiet.workspaceId}/webhook-endpoints`, {
      url: receiverUrl,
      event_types: ['run.succeeded'],
    });
    const started = performance.now();
    await finish(quiet);
    while (received === 0 && performance.now() - started < 60_000) await sleep(20);
    const latency = performance.now() - started;
    figures.check(
      `workspace B's message arrives within ${LATENCY_LIMIT_MS} ms of its run finishing`,
      received > 0 && latency < LATENCY_LIMIT_MS,
      `${Math.round(latency)} ms`,
    );
  },
  async () => {
    tarpit.closeAllConnections();
    tarpit.close();
    receiver.close();
  },
);
