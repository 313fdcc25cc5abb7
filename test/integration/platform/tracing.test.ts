import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { runWorker } from '../../../clients/typescript/src/index.ts';
import { openTelemetryTracing } from '../../../src/adapters/platform/tracing/otlp-tracing.ts';
import { api, principalOf } from '../../support/api.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { startTestApp } from '../../support/test-app.ts';
import { createTrigger, deliver, ownerWithMission } from '../../support/webhook-fixture.ts';
import { within } from '../../support/within.ts';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Every name, attribute and status message of `spans`, as one text to search. */
const textOf = (spans: readonly ReadableSpan[]) =>
  JSON.stringify(spans.map((span) => [span.name, span.attributes, span.status, span.events]));

/** Issue 26, item 2: one trace from a webhook delivery to the worker's completion. */
describe('tracing (OpenTelemetry, in-memory exporter)', function () {
  this.timeout(60000);
  const exporter = new InMemorySpanExporter();
  const tracing = suiteValue(() => openTelemetryTracing(new SimpleSpanProcessor(exporter)));
  const app = suiteValue(
    () => startTestApp({}, { tracer: tracing.tracer }),
    (started) => started.close(),
  );
  const owner = suiteValue(() => ownerWithMission(app));
  // The worker SDK records into the process's global provider, as a worker with an SDK set up does.
  const workerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  before(() => trace.setGlobalTracerProvider(workerProvider));
  after(async () => {
    trace.disable();
    await tracing.shutdown();
  });
  beforeEach(() => exporter.reset());

  it('follows a webhook delivery to the worker completing its run in one trace, with no secret or body in it', async () => {
    const trigger = await createTrigger(app, owner);
    const key = await app.container.cradle.createApiKey(
      await principalOf(app, owner.user),
      owner.workspaceId,
      { name: 'traced worker', role: 'admin', expiresAt: null },
      'ip',
    );
    const traceId = hex(16);
    const bodySecret = `body-${hex(8)}`;
    const bodyField = `field_${hex(4)}`;
    const delivered = await deliver(
      app,
      trigger.webhook_path,
      JSON.stringify({ [bodyField]: bodySecret }),
      trigger.signing_secret,
      { traceparent: `00-${traceId}-${hex(8)}-01` },
    );
    expect(delivered.status).to.equal(202);
    const { run_id: runId } = (await delivered.json()) as { run_id: string };

    let claimedTraceparent: string | null = null;
    const worker = runWorker({
      baseUrl: app.baseUrl,
      apiKey: key.key,
      workspaceId: owner.workspaceId,
      concurrency: 1,
      idleBackoff: { initialMs: 20, maxMs: 50 },
      stopOnSignals: false,
      logger: quiet,
      handler: async (run) => {
        claimedTraceparent = run.traceparent;
        // The handler's own spans are children of the worker SDK's span.
        await trace.getTracer('handler').startActiveSpan('charge card', async (span) => span.end());
        return { done: true };
      },
    });
    await within(10000, 'the run completed', async () => {
      const run = await api(app, owner.user, 'GET', `/api/runs/${runId}`);
      return run.body.status === 'succeeded';
    });
    await worker.stop();

    const spans = exporter.getFinishedSpans();
    const inTrace = spans.filter((span) => span.spanContext().traceId === traceId);
    const names = inTrace.map((span) => span.name);
    expect(names).to.include.members([
      'POST /api/triggers/webhook/{webhook_path}',
      'receiveDelivery',
      'run claimed',
      `run ${owner.missionId}`,
      'charge card',
      'POST /api/runs/{id}/complete',
      'completeRun',
      'run',
    ]);
    expect(names.some((name) => name.startsWith('pg '))).to.equal(true);
    // The claim handed out the intake's server span (a child of the sender's), not the sender's own.
    expect(claimedTraceparent).to.match(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const intake = inTrace.find((span) => span.name.startsWith('POST /api/triggers/webhook'));
    expect(claimedTraceparent).to.equal(`00-${traceId}-${intake?.spanContext().spanId}-01`);
    const workerSpan = inTrace.find((span) => span.name === `run ${owner.missionId}`);
    const completion = inTrace.find((span) => span.name === 'POST /api/runs/{id}/complete');
    expect(completion?.parentSpanContext?.spanId).to.equal(workerSpan?.spanContext().spanId);
    const runSpan = inTrace.find((span) => span.name === 'run');
    expect(runSpan?.attributes['run.status']).to.equal('succeeded');

    // Route templates only; no secret, credential, webhook path or body anywhere in any span.
    const text = textOf(spans);
    for (const secret of [
      trigger.signing_secret,
      trigger.webhook_path,
      key.key,
      owner.user.accessToken,
      bodySecret,
      bodyField,
    ]) {
      expect(text, `a span holds ${secret}`).not.to.include(secret);
    }
  });

  it('ignores a malformed traceparent on run creation: a new trace, never a 400, never stored', async () => {
    for (const malformed of [
      'garbage',
      `00-${'0'.repeat(32)}-${hex(8)}-01`,
      `00-${hex(16).toUpperCase()}-${hex(8)}-01`,
    ]) {
      exporter.reset();
      const started = await app.request(`/api/missions/${owner.missionId}/runs`, {
        method: 'POST',
        headers: { ...owner.user.auth, 'content-type': 'application/json', traceparent: malformed },
        body: '{}',
      });
      expect(started.status).to.equal(202);
      const { id } = (await started.json()) as { id: string };
      const stored = (await app.container.cradle.getRun(await principalOf(app, owner.user), id)).traceparent;
      const request = exporter
        .getFinishedSpans()
        .find((span) => span.name === 'POST /api/missions/{id}/runs');
      // The server's own span, the root of a new trace, is stored instead.
      expect(request?.parentSpanContext).to.equal(undefined);
      expect(stored).to.equal(`00-${request?.spanContext().traceId}-${request?.spanContext().spanId}-01`);
      expect(stored).not.to.equal(malformed);
    }
  });
});
