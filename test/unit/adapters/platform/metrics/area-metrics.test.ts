import { expect } from 'chai';
import { PromClientMetrics } from '../../../../../src/adapters/platform/metrics/prom-client-metrics.ts';
import { countedRunTransitions, runMetrics } from '../../../../../src/adapters/runs/metrics/run-metrics.ts';
import { CountedWebhookSender } from '../../../../../src/adapters/webhooks/metrics/counted-webhook-sender.ts';
import type { RunTransitions } from '../../../../../src/application/runs/run-transitions.ts';
import type { Run } from '../../../../../src/domain/runs/run.ts';

describe('area metrics decorators', () => {
  it('counts outbound attempts by outcome class, never by target', async () => {
    const metrics = new PromClientMetrics();
    const statuses = [200, 204, 404, 503, 302, null];
    const sender = new CountedWebhookSender(
      {
        send: async () => ({
          attemptedAt: new Date(),
          durationMs: 12,
          responseStatus: statuses.shift() ?? null,
          error: null,
        }),
      },
      metrics,
    );
    const message = {
      url: 'https://secret-target.example/hook',
      webhookId: 'msg_1',
      timestamp: new Date(),
      body: '{}',
      secrets: ['whsec_x'],
    };
    for (let i = 0; i < 6; i++) await sender.send(message);
    const text = await metrics.exposition();
    expect(text).to.include('outbound_webhook_attempts_total{outcome="succeeded"} 2');
    expect(text).to.include('outbound_webhook_attempts_total{outcome="http_4xx"} 1');
    expect(text).to.include('outbound_webhook_attempts_total{outcome="http_5xx"} 1');
    expect(text).to.include('outbound_webhook_attempts_total{outcome="http_other"} 1');
    expect(text).to.include('outbound_webhook_attempts_total{outcome="no_answer"} 1');
    expect(text).to.not.include('secret-target');
  });

  it('counts a status change made through RunTransitions once it is stored, and none when nothing moved', async () => {
    const metrics = new PromClientMetrics();
    const run = { status: 'running' } as Run;
    const inner: RunTransitions = {
      change: async (_id, change) => {
        change(run);
        return run;
      },
      expireLeases: async (_now, _options, expire) => {
        const expired = { status: 'running' } as Run;
        expire(expired);
        return [expired];
      },
    };
    const transitions = countedRunTransitions(inner, runMetrics(metrics));
    await transitions.change('r', (locked) => {
      locked.status = 'succeeded';
    });
    await transitions.change('r', () => {});
    await transitions.expireLeases(new Date(), { limit: 10 }, (expired) => {
      expired.status = 'queued';
    });
    const text = await metrics.exposition();
    expect(text).to.include('runs_transitions_total{from="running",to="succeeded"} 1');
    expect(text).to.include('runs_transitions_total{from="running",to="queued"} 1');
    expect(text).to.not.include('from="succeeded"');
  });
});
