import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { suiteApp } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';

const TOKEN = `operator-${randomBytes(12).toString('hex')}`;

interface Observation {
  componentId?: string;
  componentType: string;
  observedValue?: unknown;
  observedUnit?: string;
  status: string;
  time: string;
  output?: string;
}

/** Issue 26, item 5: the health detail (application/health+json) on the operator listener, on PostgreSQL. */
describe('health detail (GET /health on the operator listener)', function () {
  this.timeout(60000);
  const app = suiteApp(
    { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, RUN_SWEEP_INTERVAL_SECONDS: '1' },
    { dispose: true },
  );
  const listener = suiteValue(async () => {
    const listener = app.container.cradle.metricsListener;
    if (!listener) throw new Error('METRICS_PORT is set: the listener must exist');
    listener.start();
    await listener.ready();
    return { url: `${listener.address()}/health` };
  });

  it('answers operators only, in the draft shape: database, pool, LISTEN connection and jobs', async () => {
    const sweeper = app.container.cradle.runLeaseSweeper;
    sweeper.start();
    await sweeper.sweep();
    expect((await fetch(listener.url)).status).to.equal(401);
    const answer = await fetch(listener.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/health+json');
    expect(answer.headers.get('cache-control')).to.equal('no-store');
    const body = (await answer.json()) as { status: string; checks: Record<string, Observation[]> };
    expect(body.status).to.be.oneOf(['pass', 'warn']);
    expect(body.checks).to.have.keys([
      'postgres:responseTime',
      'postgres:connections',
      'postgres-listener:state',
      'jobs:lastRun',
    ]);
    const [database] = body.checks['postgres:responseTime'] ?? [];
    expect(database).to.deep.include({ componentType: 'datastore', observedUnit: 'ms' });
    expect(database?.observedValue).to.be.a('number').within(0, 1000);
    expect(Date.parse(database?.time ?? '')).to.not.be.NaN;
    expect(body.checks['postgres:connections']?.map((c) => c.componentId)).to.deep.equal([
      'in_use',
      'idle',
      'waiting',
    ]);
    expect(body.checks['postgres-listener:state']?.[0]?.observedValue).to.be.oneOf([
      'idle',
      'listening',
      'down',
    ]);
    const jobs = new Map(body.checks['jobs:lastRun']?.map((job) => [job.componentId, job]));
    expect([...jobs.keys()]).to.include.members([
      'run-lease-sweeper',
      'schedule-dispatcher',
      'webhook-dispatcher',
      'email-dispatcher',
      'upload-sweeper',
      'orphan-sweeper',
      'retention',
      'blueprint-engine',
      'export-runner',
      'memory-sweeper',
      'feedback-link-sweeper',
    ]);
    expect(jobs.get('run-lease-sweeper')).to.deep.include({ status: 'pass', observedUnit: 's' });
    expect(jobs.get('run-lease-sweeper')?.observedValue).to.be.a('number').within(0, 5);
    // Not started in this test process: off.
    expect(jobs.get('retention')).to.deep.include({ status: 'pass', output: 'off on this instance' });
    await sweeper.stop();

    // The orchestrator's probes are unchanged, and the detail is not on the public port.
    expect(await (await app.request('/readyz')).json()).to.deep.equal({ status: 'ok' });
    expect((await app.request('/health')).status).to.equal(404);
  });
});
