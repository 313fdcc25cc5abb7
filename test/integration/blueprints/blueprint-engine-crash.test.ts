import { expect } from 'chai';
import { killableServers } from '../../support/killable-servers.ts';
import { loggedIn, processCaller } from '../../support/process-caller.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';
import { within } from '../../support/within.ts';

describe('the blueprint engine resumes after SIGKILL without starting a finished step again (node src/main.ts)', function () {
  this.timeout(120_000);
  const { admin, serve, killLatest } = killableServers('engine-crash');

  it('kills the server mid-run, restarts it, and every step was started once per attempt', async () => {
    const receiver = await startReceiver();
    try {
      let base = await serve();
      const call = processCaller(() => base);
      const { token, workspaceId } = await loggedIn(call, admin);
      // Ten http steps in a chain, a short wait between each: every start reaches the receiver.
      const ids = Array.from({ length: 10 }, (_, index) => `s${index}`);
      const nodes = ids.flatMap((id, index) => [
        { id, kind: 'http', input: `{"node": "${id}"}`, config: { method: 'POST', url: receiver.url } },
        ...(index < ids.length - 1 ? [{ id: `w${index}`, kind: 'wait', config: { seconds: 0.2 } }] : []),
      ]);
      const edges = nodes.slice(1).map((node, index) => ({ from: nodes[index]?.id, to: node.id }));
      const blueprint = await call('POST', '/api/blueprints', token, {
        workspace_id: workspaceId,
        name: 'Chain',
        graph: { nodes, edges },
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await call('POST', '/api/missions', token, {
        workspace_id: workspaceId,
        name: 'Chain',
        blueprint: { id: blueprint.body.id },
      });
      const run = await call('POST', `/api/missions/${mission.body.id}/runs`, token, { input: {} });
      expect(run.status).to.equal(202);

      await receiver.waitFor(4);
      await killLatest();
      const before = new Map<string, string>();
      base = await serve();
      for (const step of (await call('GET', `/api/runs/${run.body.id}/steps`, token)).body.items) {
        before.set(step.node_id, step.status);
      }
      await within(
        60_000,
        'the run finished after the restart',
        async () => (await call('GET', `/api/runs/${run.body.id}`, token)).body.status === 'succeeded',
        200,
      );
      const starts = new Map<string, number>();
      for (const { body } of receiver.received) {
        const { node } = JSON.parse(body) as { node: string };
        starts.set(node, (starts.get(node) ?? 0) + 1);
      }
      const steps = (await call('GET', `/api/runs/${run.body.id}/steps`, token)).body.items as {
        node_id: string;
        attempt: number;
      }[];
      for (const id of ids) {
        const step = steps.find((s) => s.node_id === id);
        // A step that finished before the kill was never started again; one in flight at the kill was
        // taken over as its next attempt: never more starts than attempts.
        if (before.get(id) === 'succeeded') expect(starts.get(id), id).to.equal(1);
        expect(starts.get(id) ?? 0, id).to.be.within(1, step?.attempt ?? 0);
      }
      expect([...before.values()].filter((status) => status === 'succeeded').length).to.be.at.least(3);
    } finally {
      await receiver.close();
    }
  });
});
