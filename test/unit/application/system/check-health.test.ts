import { expect } from 'chai';
import { healthDocument } from '../../../../src/adapters/system/http/health-document.ts';
import { jobHealthProbe } from '../../../../src/adapters/system/job-health-probe.ts';
import { makeCheckHealth } from '../../../../src/application/system/check-health.ts';
import type { HealthProbe, HealthStatus } from '../../../../src/application/system/ports/health-probe.ts';
import { FixedClock } from '../../../support/auth-fakes.ts';

const clock = new FixedClock(new Date('2026-11-21T12:00:00.000Z'));
const probe = (key: string, status: HealthStatus): HealthProbe => ({
  key,
  observe: async (now) => [{ componentType: 'component', status, time: now }],
});

describe('the health detail (check-health, its probes and document)', () => {
  it('reports the worst status, and a failing or silent probe as fail without its error', async function () {
    this.timeout(5000);
    const pass = makeCheckHealth({ clock, healthProbes: [probe('a:x', 'pass'), probe('b:y', 'warn')] });
    expect((await pass()).status).to.equal('warn');
    const failing: HealthProbe = {
      key: 'db:responseTime',
      observe: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
      },
    };
    const silent: HealthProbe = { key: 'slow:x', observe: () => new Promise(() => {}) };
    const report = await makeCheckHealth({ clock, healthProbes: [probe('a:x', 'pass'), failing, silent] })();
    expect(report.status).to.equal('fail');
    expect(report.checks['db:responseTime']).to.deep.equal([
      { componentType: 'component', status: 'fail', time: clock.now(), output: 'the check failed' },
    ]);
    expect(report.checks['slow:x']?.[0]?.output).to.equal('no answer within 1000 ms');

    const document = await healthDocument(async () => report);
    expect(document).to.deep.include({ status: 503, contentType: 'application/health+json' });
    expect(document.body).to.not.include('hunter2');
    expect(JSON.parse(document.body).checks['a:x'][0].time).to.equal('2026-11-21T12:00:00.000Z');
    expect((await healthDocument(pass)).status).to.equal(200);
  });

  it('tells a job off, on time, failing or late', async () => {
    const now = clock.now();
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    const job = (health: object) => ({
      health: () => ({
        name: 'sweeper',
        intervalMs: 10_000,
        ticking: true,
        startedAt: ago(100),
        runningSince: undefined,
        lastEndedAt: ago(5),
        lastFailed: false,
        ...health,
      }),
    });
    const observe = async (health: object) => (await jobHealthProbe([job(health)]).observe(now))[0];
    expect(await observe({ ticking: false })).to.deep.include({
      status: 'pass',
      output: 'off on this instance',
    });
    expect(await observe({})).to.deep.include({ status: 'pass', observedValue: 5, observedUnit: 's' });
    expect(await observe({ lastFailed: true })).to.deep.include({
      status: 'warn',
      output: 'the last run failed',
    });
    expect(await observe({ lastEndedAt: ago(31) })).to.deep.include({ status: 'warn' });
    expect(await observe({ lastEndedAt: undefined, startedAt: ago(20) })).to.deep.include({ status: 'pass' });
    expect(await observe({ runningSince: ago(40) })).to.deep.include({
      status: 'warn',
      output: 'a run has gone on for three intervals',
    });
  });
});
