import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { configuredTracing } from '../../../src/adapters/platform/tracing/otlp-tracing.ts';
import { loadConfig } from '../../../src/config.ts';

/** A collector on loopback: records each export request's path, headers and size. */
async function collector() {
  const received: Array<{ path: string; headers: IncomingHttpHeaders; bytes: number }> = [];
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('OTLP export (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('starts nothing when the endpoint is unset', async () => {
    const tracing = await configuredTracing(loadConfig({ PERSISTENCE: 'memory', DATA_DIR: '/nonexistent' }));
    expect(tracing.tracer.enabled).to.equal(false);
    expect(tracing.tracer.currentTraceparent()).to.equal(null);
  });

  it('sends the spans to <endpoint>/v1/traces with OTEL_EXPORTER_OTLP_HEADERS, flushed at shutdown', async () => {
    const { server, received, url } = await collector();
    try {
      const config = loadConfig({
        PERSISTENCE: 'memory',
        DATA_DIR: '/nonexistent',
        OTEL_EXPORTER_OTLP_ENDPOINT: `${url}/`,
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token,x-tenant=t1',
        OTEL_SERVICE_NAME: 'platform-test',
      });
      const tracing = await configuredTracing(config);
      expect(tracing.tracer.enabled).to.equal(true);
      const traceparent = await tracing.tracer.inSpan('work', async () =>
        tracing.tracer.currentTraceparent(),
      );
      expect(traceparent).to.match(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await tracing.shutdown();
      expect(received).to.have.length(1);
      expect(received[0]).to.deep.include({ path: '/v1/traces' });
      expect(received[0]?.headers).to.include({ authorization: 'Bearer collector-token', 'x-tenant': 't1' });
      expect(received[0]?.bytes).to.be.greaterThan(0);
    } finally {
      server.close();
    }
  });

  it('records none of the traces starting here with OTEL_TRACES_SAMPLER_ARG=0, but follows a sampled caller', async () => {
    const { server, received, url } = await collector();
    try {
      const tracing = await configuredTracing(
        loadConfig({
          PERSISTENCE: 'memory',
          DATA_DIR: '/nonexistent',
          OTEL_EXPORTER_OTLP_ENDPOINT: url,
          OTEL_TRACES_SAMPLER_ARG: '0',
        }),
      );
      const here = await tracing.tracer.inSpan('root', async () => tracing.tracer.currentTraceparent());
      expect(here, 'unsampled: nothing to store, the caller keeps its own header').to.equal(null);
      const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const child = await tracing.tracer.inSpan('child', async () => tracing.tracer.currentTraceparent(), {
        remoteParent: caller,
      });
      expect(child).to.match(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
      await tracing.shutdown();
      expect(received, "one export: the sampled caller's span").to.have.length(1);
    } finally {
      server.close();
    }
  });

  it('stops cleanly when the collector cannot be reached (the last spans are lost, nothing is thrown)', async () => {
    const { server, url } = await collector();
    server.close();
    await once(server, 'close');
    const tracing = await configuredTracing(
      loadConfig({ PERSISTENCE: 'memory', DATA_DIR: '/nonexistent', OTEL_EXPORTER_OTLP_ENDPOINT: url }),
    );
    await tracing.tracer.inSpan('work', async () => {});
    await tracing.shutdown();
  });
});
