import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ChatEvent } from '../../../src/domain/models/chat.ts';
import { ProviderAccount } from '../../../src/domain/models/provider-account.ts';
import { api } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { createTrigger, deliver } from '../../support/webhook-fixture.ts';
import { within } from '../../support/within.ts';

const TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** Every metric issue 26 names, with the process defaults: listed from the first scrape. */
const NAMES = [
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'http_requests_total',
  'http_request_duration_seconds',
  'http_throttled_requests_total',
  'auth_logins_total',
  'audit_events_total',
  'webhook_deliveries_total',
  'runs_transitions_total',
  'runs_claim_latency_seconds',
  'runs_claim_duration_seconds',
  'outbound_webhook_attempts_total',
  'outbound_webhook_attempt_duration_seconds',
  'password_hash_queue_jobs',
  'password_hash_queue_wait_seconds',
  'db_pool_connections',
  'cache_lookups_total',
  'blueprint_steps_total',
  'model_calls_total',
  'model_call_duration_seconds',
  'model_tokens_total',
];

/** One parsed sample line: `name{labels} value`. */
interface Sample {
  readonly name: string;
  readonly labels: string;
  readonly value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`unparsable sample line: ${line}`);
      return { name: match[1] as string, labels: match[2] ?? '', value: Number(match[3]) };
    });
}

const value = (text: string, name: string, labels: string) =>
  samples(text).find((sample) => sample.name === name && sample.labels === labels)?.value ?? 0;

/** Issue 26, item 1: Prometheus metrics on a listener of their own. */
describe('metrics (METRICS_PORT)', function () {
  this.timeout(120000);
  // No grace period: a rotated refresh token presented again is a reuse at once.
  const app = suiteApp(
    {
      METRICS_PORT: '0',
      METRICS_TOKEN: TOKEN,
      REFRESH_GRACE_SECONDS: '0',
      // The fake model provider listens on loopback.
      MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
      MODEL_PROVIDER_MAX_RETRIES: '0',
    },
    { dispose: true },
  );
  const owner = suiteWebhookOwner(app);
  const listener = suiteValue(async () => {
    const metricsListener = app.container.cradle.metricsListener;
    if (!metricsListener) throw new Error('METRICS_PORT is set: the listener must exist');
    metricsListener.start();
    await metricsListener.ready();
    return { url: `${metricsListener.address()}/metrics` };
  });
  const scrape = async () => {
    const response = await fetch(listener.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).to.equal(200);
    return response.text();
  };

  it('answers on 127.0.0.1 only, and only a scrape carrying METRICS_TOKEN', async () => {
    expect(new URL(listener.url).hostname).to.equal('127.0.0.1');
    expect((await fetch(listener.url)).status).to.equal(401);
    const wrong = await fetch(listener.url, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).to.equal(401);
    expect(wrong.headers.get('www-authenticate')).to.match(/^Bearer/);
    expect((await fetch(listener.url.replace('/metrics', '/other'))).status).to.equal(404);
    const post = await fetch(listener.url, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(post.status).to.equal(405);
    const ok = await fetch(listener.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).to.equal(200);
    expect(ok.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    // Not on the public port.
    expect((await app.request('/metrics')).status).to.equal(404);
  });

  it('lists every declared metric, with the process defaults', async () => {
    const text = await scrape();
    for (const name of NAMES) expect(text, name).to.include(`# TYPE ${name} `);
  });

  it('counts logins by outcome, refresh reuse, deliveries by scheme, runs by transition and claims', async () => {
    const before = await scrape();
    const login = (password: string) =>
      api(app, undefined, 'POST', '/api/auth/login', { username_or_email: owner.user.username, password });
    expect((await login(`${owner.user.password}x`)).status).to.equal(401);
    const pair = await login(owner.user.password);
    expect(pair.status).to.equal(200);
    const refresh = (token: string) =>
      api(app, undefined, 'POST', '/api/auth/refresh', { refresh_token: token });
    expect((await refresh(pair.body.refresh_token)).status).to.equal(200);
    // The rotated refresh token again: a reuse detection.
    expect((await refresh(pair.body.refresh_token)).status).to.equal(401);

    const trigger = await createTrigger(app, owner);
    const accepted = await deliver(app, trigger.webhook_path, '{"n":1}', trigger.signing_secret);
    expect(accepted.status).to.equal(202);
    expect((await deliver(app, trigger.webhook_path, '{"n":2}', 'wrong-secret')).status).to.equal(401);
    const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', {
      workspace_id: owner.workspaceId,
      mission_ids: [owner.missionId],
    });
    expect(claimed.status).to.equal(200);
    const after = await scrape();

    const grew = (name: string, labels: string) => value(after, name, labels) - value(before, name, labels);
    expect(grew('auth_logins_total', '{surface="api",outcome="ok"}')).to.equal(1);
    expect(grew('auth_logins_total', '{surface="api",outcome="invalid_credentials"}')).to.equal(1);
    expect(grew('audit_events_total', '{type="refresh_reuse_detected"}')).to.equal(1);
    expect(grew('webhook_deliveries_total', '{outcome="accepted",scheme="platform"}')).to.equal(1);
    expect(grew('webhook_deliveries_total', '{outcome="invalid_signature",scheme="platform"}')).to.equal(1);
    expect(grew('runs_transitions_total', '{from="none",to="queued"}')).to.be.at.least(1);
    expect(grew('runs_transitions_total', '{from="queued",to="running"}')).to.equal(1);
    expect(grew('runs_claim_latency_seconds_count', '')).to.equal(1);
    expect(grew('runs_claim_duration_seconds_count', '{outcome="ok"}')).to.equal(1);
    expect(
      grew('http_requests_total', '{route="/api/triggers/webhook/:webhook_path",method="POST",status="202"}'),
    ).to.equal(1);
    expect(value(after, 'db_pool_connections', '{state="idle"}')).to.be.at.least(0);
    expect(samples(after).some((sample) => sample.name === 'cache_lookups_total')).to.equal(true);
  });

  it('counts blueprint steps by node kind and outcome, never a node id', async () => {
    const { blueprintEngine } = app.container.cradle;
    blueprintEngine.start();
    try {
      const code = (source: string) => ({ source });
      const blueprint = await api(app, owner.user, 'POST', '/api/blueprints', {
        workspace_id: owner.workspaceId,
        name: 'Counted',
        graph: {
          nodes: [
            { id: 'node_double', kind: 'code', config: code('function main(i) { return { n: 8 } }') },
            { id: 'node_gate', kind: 'condition' },
            { id: 'node_big', kind: 'code', config: code('function main(i) { return "big" }') },
            { id: 'node_small', kind: 'code', config: code('function main(i) { return "small" }') },
            {
              id: 'node_boom',
              kind: 'code',
              retry: { max_attempts: 2, backoff_seconds: 0 },
              on_error: 'continue',
              config: code('function main(i) { throw new Error("no") }'),
            },
          ],
          edges: [
            { from: 'node_double', to: 'node_gate' },
            { from: 'node_gate', to: 'node_big', when: 'steps.node_double.output.n > 5' },
            { from: 'node_gate', to: 'node_small', when: 'steps.node_double.output.n <= 5' },
            { from: 'node_big', to: 'node_boom' },
          ],
        },
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner.user, 'POST', '/api/missions', {
        workspace_id: owner.workspaceId,
        name: 'Counted steps',
        blueprint: { id: blueprint.body.id },
      });
      expect(mission.status, JSON.stringify(mission.body)).to.equal(201);
      const before = await scrape();
      const run = await api(app, owner.user, 'POST', `/api/missions/${mission.body.id}/runs`, { input: {} });
      expect(run.status, JSON.stringify(run.body)).to.equal(202);
      await within(15_000, 'the blueprint run finished', async () => {
        const { status } = (await api(app, owner.user, 'GET', `/api/runs/${run.body.id}`)).body;
        return ['succeeded', 'failed', 'cancelled'].includes(status);
      });
      const after = await scrape();
      const grew = (labels: string) =>
        value(after, 'blueprint_steps_total', labels) - value(before, 'blueprint_steps_total', labels);
      expect(grew('{kind="code",outcome="succeeded"}')).to.equal(2);
      expect(grew('{kind="condition",outcome="succeeded"}')).to.equal(1);
      expect(grew('{kind="code",outcome="skipped"}')).to.equal(1);
      expect(grew('{kind="code",outcome="retried"}')).to.equal(1);
      expect(grew('{kind="code",outcome="failed"}')).to.equal(1);
      expect(after).not.to.include('node_');
    } finally {
      await blueprintEngine.stop();
    }
  });

  it('counts model calls by provider kind and outcome, and the tokens counted, never a model or account', async () => {
    const fake = await fakeModelProvider();
    try {
      const { modelProviders } = app.container.cradle;
      const model = (kind: 'openai' | 'anthropic', name: string) =>
        modelProviders(
          ProviderAccount.create(
            {
              id: `account-${name}`,
              workspaceId: owner.workspaceId,
              name,
              kind,
              baseUrl: kind === 'openai' ? `${fake.url}/v1` : fake.url,
              apiKey: 'sk-metrics',
            },
            new Date(),
          ),
        );
      const chat = async (kind: 'openai' | 'anthropic', name: string) => {
        const events: ChatEvent[] = [];
        for await (const event of model(kind, name).chat({
          model: name,
          messages: [{ role: 'user', content: 'Hi' }],
        })) {
          events.push(event);
        }
        return events;
      };
      const before = await scrape();
      // Twenty distinct model and account names: none becomes a label.
      const names = Array.from({ length: 20 }, (_, i) => `model-${randomBytes(6).toString('hex')}-${i}`);
      for (const name of names) {
        fake.script({ text: ['ok'], usage: { input: 12, output: 3 } });
        await chat('openai', name);
      }
      fake.script({ text: ['ok'], usage: { input: 5, output: 2 } });
      await chat('anthropic', 'claude-metrics');
      fake.script({ status: 500, message: 'down' });
      const failed = await chat('openai', 'failing').catch((error: unknown) => error);
      expect(failed).to.be.instanceOf(Error);
      // A caller that stops reading after the first piece.
      fake.script({ text: ['a', 'b', 'c'] });
      for await (const _event of model('openai', 'stopped').chat({ model: 'm', messages: [] })) break;
      fake.script({ text: [] });
      const embedded = await model('openai', 'embedder').embed?.({ model: 'e', inputs: ['x', 'y'] });
      expect(embedded?.vectors).to.have.length(2);
      const after = await scrape();
      const grew = (name: string, labels: string) => value(after, name, labels) - value(before, name, labels);
      expect(grew('model_calls_total', '{provider="openai",operation="chat",outcome="ok"}')).to.equal(20);
      expect(grew('model_calls_total', '{provider="anthropic",operation="chat",outcome="ok"}')).to.equal(1);
      expect(
        grew('model_calls_total', '{provider="openai",operation="chat",outcome="provider_error"}'),
      ).to.equal(1);
      expect(grew('model_calls_total', '{provider="openai",operation="chat",outcome="aborted"}')).to.equal(1);
      expect(grew('model_calls_total', '{provider="openai",operation="embed",outcome="ok"}')).to.equal(1);
      expect(
        grew('model_call_duration_seconds_count', '{provider="openai",operation="chat",outcome="ok"}'),
      ).to.equal(20);
      expect(grew('model_tokens_total', '{provider="openai",direction="input"}')).to.be.at.least(240);
      expect(grew('model_tokens_total', '{provider="openai",direction="output"}')).to.equal(60);
      expect(grew('model_tokens_total', '{provider="anthropic",direction="input"}')).to.equal(5);
      expect(grew('model_tokens_total', '{provider="anthropic",direction="output"}')).to.equal(2);
      for (const secret of [...names, 'claude-metrics', 'sk-metrics', fake.url]) {
        expect(after.includes(secret), secret).to.equal(false);
      }
    } finally {
      await fake.close();
    }
  });

  it('keeps label cardinality bounded after 1,000 distinct webhook paths and 1,000 distinct run ids', async () => {
    // Warm-up: every route and status this test reaches has its series before the count starts.
    await deliver(app, `unknown-${randomBytes(8).toString('hex')}`, '{}', 'secret');
    await api(app, owner.user, 'GET', `/api/runs/${randomUUID()}`);
    const before = samples(await scrape());

    const paths: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const path = `unknown-${randomBytes(8).toString('hex')}`;
          const id = randomUUID();
          paths.push(path);
          ids.push(id);
          expect((await deliver(app, path, '{}', 'secret')).status).to.equal(404);
          expect((await api(app, owner.user, 'GET', `/api/runs/${id}`)).status).to.equal(404);
        }),
      );
    }
    const text = await scrape();
    const after = samples(text);
    // The same series of the application's metrics (the runtime's own, such as a first major collection's
    // histogram, have labels from a fixed set of their own), and nothing of any path or id in the text.
    const series = (list: Sample[]) =>
      new Set(
        list
          .filter((sample) => !/^(nodejs|process)_/.test(sample.name))
          .map((sample) => `${sample.name}${sample.labels}`),
      );
    const added = [...series(after)].filter((key) => !series(before).has(key));
    expect(added, added.join('\n')).to.deep.equal([]);
    expect(after.length).to.be.below(1000);
    for (const secret of [...paths, ...ids]) expect(text.includes(secret)).to.equal(false);
    expect(
      value(
        text,
        'http_requests_total',
        '{route="/api/triggers/webhook/:webhook_path",method="POST",status="404"}',
      ),
    ).to.be.at.least(1000);
  });
});
