import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { suiteApp } from '../support/http-suite.ts';
import { signUp } from '../support/test-app.ts';

const EXAMPLE = fileURLToPath(new URL('../../examples/worker.ts', import.meta.url));

/** The README's worker walkthrough: a key, the example worker, a signed webhook, a run that succeeds. */
describe('examples/worker.ts (the README walkthrough)', function () {
  this.timeout(60000);
  const app = suiteApp();

  it('handles the run of a signed webhook delivery, then stops on SIGTERM', async () => {
    const ada = await signUp(app);
    const workspaceId = (await api(app, ada, 'GET', '/api/auth/me')).body.workspaces[0].id;
    const key = await api(app, ada, 'POST', `/api/workspaces/${workspaceId}/api-keys`, {
      name: 'worker',
      role: 'admin',
    });
    const mission = await api(app, ada, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'On push',
    });
    const trigger = await api(app, ada, 'POST', '/api/triggers', {
      mission_id: mission.body.id,
      name: 'pushes',
    });

    // The example imports the client by its package name; `source` resolves it to the TypeScript sources.
    const worker = spawn(process.execPath, ['--conditions=source', EXAMPLE], {
      env: {
        PATH: process.env.PATH ?? '',
        PLATFORM_URL: app.baseUrl,
        PLATFORM_API_KEY: key.body.key,
        PLATFORM_WORKSPACE_ID: workspaceId,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk) => (output += chunk));
    worker.stderr.on('data', (chunk) => (output += chunk));
    try {
      const body = '{"event":"push","ref":"refs/heads/main"}';
      const signature = createHmac('sha256', trigger.body.signing_secret).update(body).digest('hex');
      const delivered = await fetch(trigger.body.webhook_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': `sha256=${signature}` },
        body,
      });
      expect(delivered.status).to.equal(202);
      const { run_id } = (await delivered.json()) as { run_id: string };
      let run = await api(app, ada, 'GET', `/api/runs/${run_id}`);
      for (let tries = 0; run.body.status !== 'succeeded' && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        run = await api(app, ada, 'GET', `/api/runs/${run_id}`);
      }
      expect(run.body.status, output).to.equal('succeeded');
      expect(run.body.output).to.deep.equal({
        handled_by: 'examples/worker.ts',
        trigger: 'webhook',
        received: JSON.parse(body),
      });
    } finally {
      worker.kill('SIGTERM');
    }
    const [code] = await once(worker, 'exit');
    expect(code, output).to.equal(0);
    expect(output).to.include('worker stopped');
  });
});
