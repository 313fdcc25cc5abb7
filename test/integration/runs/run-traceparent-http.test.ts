import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { createTrigger, deliver } from '../../support/webhook-fixture.ts';

const traceparent = () => `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;

/** Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): the caller's traceparent travels with the run to its worker. */
describe('traceparent on run creation and webhook intake, returned by claim (tracing off)', () => {
  const app = suiteApp();
  const owner = suiteWebhookOwner(app);

  const claimAll = async () => {
    const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', {
      workspace_id: owner.workspaceId,
      max_runs: 100,
    });
    expect(claimed.status).to.equal(200);
    return new Map<string, string | null>(
      claimed.body.runs.map((run: { id: string; traceparent: string | null }) => [run.id, run.traceparent]),
    );
  };

  const startRun = (headers: Record<string, string>) =>
    app.request(`/api/missions/${owner.missionId}/runs`, {
      method: 'POST',
      headers: { ...owner.user.auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ input: { n: 1 } }),
    });

  it('stores a well-formed traceparent as sent, drops a malformed one (never 400), and hands it out with the claim', async () => {
    const trigger = await createTrigger(app, owner);
    const sent = traceparent();
    const delivered = traceparent();
    const cases: Array<[string | undefined, string | null]> = [
      [sent, sent],
      [undefined, null],
      ['garbage', null],
      [`00-${'0'.repeat(32)}-${'1'.repeat(16)}-01`, null],
      [`01-${sent.slice(3)}`, null],
      [`${sent}-extra`, null],
    ];
    const expected = new Map<string, string | null>();
    for (const [header, stored] of cases) {
      const started = await startRun(header === undefined ? {} : { traceparent: header });
      expect(started.status, String(header)).to.equal(202);
      expected.set(((await started.json()) as { id: string }).id, stored);
    }
    for (const [header, stored] of [
      [delivered, delivered],
      ['00-not-a-trace', null],
    ] as const) {
      const answer = await deliver(app, trigger.webhook_path, '{"a":1}', trigger.signing_secret, {
        traceparent: header,
      });
      expect(answer.status).to.equal(202);
      expected.set(((await answer.json()) as { run_id: string }).run_id, stored);
    }
    expect(await claimAll()).to.deep.equal(expected);
    // The run resource itself is unchanged (CONTRACT section 7): the field is the claim's.
    const [someId] = expected.keys();
    const shown = await api(app, owner.user, 'GET', `/api/runs/${someId}`);
    expect(shown.body).not.to.have.property('traceparent');
  });
});
