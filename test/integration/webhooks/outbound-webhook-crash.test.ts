import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { loggedIn, processCaller } from '../../support/process-caller.ts';
import { ServerProcess } from '../../support/server-process.ts';
import { testDatabase } from '../../support/test-database.ts';
import { TEST_MASTER_KEY } from '../../support/test-settings.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';

describe('outbound webhooks survive a crash between the state change and the send (node src/main.ts)', function () {
  this.timeout(60000);
  let scratch: string;
  const started: ServerProcess[] = [];
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'webhook-crash-'));
    await chmod(scratch, 0o755);
  });
  after(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    await rm(scratch, { recursive: true, force: true });
  });

  const admin = {
    username: `crash${randomBytes(3).toString('hex')}`,
    password: `pw-${randomBytes(9).toString('hex')}`,
  };
  async function serve(env: Record<string, string>): Promise<string> {
    const server = new ServerProcess(
      {
        DATABASE_URL: (await testDatabase()).url,
        MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
        DATA_DIR: join(scratch, 'data'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
        BOOTSTRAP_ADMIN_USERNAME: admin.username,
        BOOTSTRAP_ADMIN_EMAIL: `${admin.username}@example.com`,
        BOOTSTRAP_ADMIN_PASSWORD: admin.password,
        ...env,
      },
      scratch,
    );
    started.push(server);
    const line = await server.waitForLog((entry) => entry.msg === 'listening');
    return line.address as string;
  }

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
      await call('POST', `/api/missions/${mission.body.id}/runs`, token, {});
      const claimed = await call('POST', '/api/runs/claim', token, { workspace_id: workspaceId });
      const completed = await call('POST', `/api/runs/${claimed.body.id}/complete`, token, {
        status: 'succeeded',
      });
      expect(completed.status).to.equal(200);

      const victim = started.at(-1) as ServerProcess;
      victim.child.kill('SIGKILL');
      expect((await victim.exited).signal).to.equal('SIGKILL');
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
