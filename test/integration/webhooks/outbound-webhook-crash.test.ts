import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { killableServers } from '../../support/killable-servers.ts';
import { loggedIn, processCaller } from '../../support/process-caller.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';

describe('outbound webhooks survive a crash between the state change and the send (node src/main.ts)', function () {
  this.timeout(60000);
  const { admin, serve, killLatest } = killableServers('webhook-crash');

  it('delivers after a restart the message committed with the run by the server killed with SIGKILL', async () => {
    const receiver = await startReceiver();
    try {
      // The first server's dispatcher does not wake within the test: the crash window stays open.
      const first = await serve({ OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '600000' });
      const call = processCaller(() => first);
      const { token, workspaceId } = await loggedIn(call, admin);
      const mission = await call('POST', '/api/missions', token, {
        workspace_id: workspaceId,
        name: 'crash',
      });
      const endpoint = await call('POST', `/api/workspaces/${workspaceId}/webhook-endpoints`, token, {
        url: receiver.url,
        event_types: ['run.succeeded'],
      });
      expect((await call('POST', `/api/missions/${mission.body.id}/runs`, token, {})).status).to.equal(202);
      const claimed = await call('POST', '/api/runs/claim', token, { workspace_id: workspaceId });
      expect(claimed.status, JSON.stringify(claimed.body)).to.equal(200);
      const completed = await call('POST', `/api/runs/${claimed.body.id}/complete`, token, {
        status: 'succeeded',
      });
      expect(completed.status).to.equal(200);

      await killLatest();
      expect(receiver.received).to.have.lengthOf(0);

      await serve({ OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '100' });
      const [delivered] = await receiver.waitFor(1);
      const event = new Webhook(endpoint.body.signing_secret).verify(
        delivered?.body as string,
        delivered?.headers as Record<string, string>,
      ) as { type: string; data: { run: { id: string } } };
      expect(event.type).to.equal('run.succeeded');
      expect(event.data.run.id).to.equal(claimed.body.id);
    } finally {
      await receiver.close();
    }
  });
});
