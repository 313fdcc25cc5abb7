import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

describe('sandboxes over HTTP', () => {
  const app = suiteApp({ SANDBOX_THREADS: '2', SANDBOX_MAX_QUEUED: '200' });
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Code');
  const run = (body: object) =>
    api(app, owner, 'POST', '/api/sandboxes/run', {
      workspace_id: workspace.id,
      language: 'javascript',
      ...body,
    });

  it('answers {output, logs, error, duration_ms}, errors included', async () => {
    const ok = await run({
      code: 'async function main(input) { console.log("hi"); return input.a + 1 }',
      input: { a: 1 },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body).to.deep.include({ output: 2, logs: ['hi'], error: null });
    expect(ok.body.duration_ms).to.be.a('number');
    const slow = await run({ code: 'function main() { while (true) {} }', timeout_ms: 50 });
    expect(slow.body).to.deep.include({
      output: null,
      error: { name: 'TimeoutError', message: 'main(input) ran longer than 50 ms' },
    });
    for (const body of [
      { code: 'x', timeout_ms: 10_001 },
      { code: 'x', memory_mb: 512 },
      { code: '' },
      { code: 'x', language: 'python' },
      { code: 'x', extra: 1 },
    ]) {
      expect((await run(body)).status, JSON.stringify(body)).to.equal(400);
    }
  });

  it('keeps the server responsive while 100 calls spin until their deadlines', async () => {
    const spinning = Array.from({ length: 100 }, () =>
      run({ code: 'function main() { for (;;) {} }', timeout_ms: 100 }),
    );
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const health = await app.request('/healthz');
      latencies.push(performance.now() - started);
      expect(health.status).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await Promise.all(spinning);
    expect(answers.map((a) => a.body.error?.name)).to.deep.equal(Array(100).fill('TimeoutError'));
    // Each call spins on a worker thread, never on the event loop: /healthz answers in milliseconds.
    expect(Math.max(...latencies)).to.be.below(500);
  });
});
