import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { NodeHttpWebhookSender } from '../../../src/adapters/webhooks/node-http-webhook-sender.ts';
import type { OutgoingMessage } from '../../../src/application/webhooks/ports/webhook-sender.ts';
import { startBlackholePeer } from '../../support/blackhole-peer.ts';
import { startReceiver, status } from '../../support/webhook-receiver.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OLD = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const message = (url: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  url,
  webhookId: 'msg_0195f0c4-0000-7000-8000-000000000001',
  timestamp: new Date(),
  body: JSON.stringify({
    type: 'run.succeeded',
    timestamp: new Date().toISOString(),
    data: { run: { id: 'r1' } },
  }),
  secrets: [SECRET, OLD],
  ...overrides,
});

describe('NodeHttpWebhookSender against a real receiver on loopback', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());
  const allowing = new NodeHttpWebhookSender({ allowPrivate: true, timeoutMs: 500 });
  const guarded = new NodeHttpWebhookSender({ allowPrivate: false, timeoutMs: 500 });

  it('POSTs the exact body with webhook-id, webhook-timestamp and a signature per secret that standardwebhooks accepts', async () => {
    const sent = message(receiver.url);
    const result = await allowing.send(sent);
    expect(result).to.deep.include({ responseStatus: 204, error: null });
    const [got] = receiver.received;
    expect(got?.body).to.equal(sent.body);
    expect(got?.headers).to.include({ 'content-type': 'application/json', 'webhook-id': sent.webhookId });
    const headers = got?.headers as Record<string, string>;
    // Either secret of the rotation's overlap verifies on its own.
    for (const secret of [SECRET, OLD])
      expect(new Webhook(secret).verify(got?.body as string, headers)).to.deep.include({
        type: 'run.succeeded',
      });
    expect(headers['webhook-signature']?.split(' ')).to.have.lengthOf(2);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    receiver.reply(status(307, { location: `${receiver.url}/elsewhere` }));
    const result = await allowing.send(message(receiver.url));
    expect(result.responseStatus).to.equal(307);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).to.have.lengthOf(1);
  });

  it('gives up when no answer comes in time, and reads no more than the cap of a huge answer', async () => {
    receiver.reply(() => {}); // never answers
    const silent = await allowing.send(message(receiver.url));
    expect(silent).to.deep.include({ responseStatus: null, error: 'no answer within 0.5 s' });
    expect(silent.durationMs).to.be.within(450, 2000);
    receiver.reply((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (res.write(chunk)) {}
        res.once('drain', pump);
      };
      pump(); // endless
    });
    const huge = await allowing.send(message(receiver.url));
    expect(huge).to.deep.include({ responseStatus: 200, error: null });
  });

  it('refuses loopback, private, link-local and metadata targets before connecting, by IP or by name', async () => {
    const targets = [
      receiver.url,
      `http://localhost:${receiver.port}/hooks`, // resolved by the lookup hook, checked on the resolved address
      `http://[::1]:${receiver.port}/hooks`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/hooks`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hooks',
      'http://192.168.0.10:8080/hooks',
    ];
    for (const url of targets) {
      const result = await guarded.send(message(url));
      expect(result.responseStatus, url).to.equal(null);
      // Never what a name resolves to: the log of an attempt must not map the network behind it.
      expect(result.error, url).to.equal('refused: not a public address');
      expect(result.error, url).not.to.include(SECRET);
    }
    expect(receiver.received).to.have.lengthOf(0);
  });

  it('reports a refused connection as a failed attempt, never a throw', async () => {
    const port = receiver.port;
    await receiver.close();
    const result = await allowing.send(message(`http://127.0.0.1:${port}/hooks`));
    expect(result).to.deep.include({ responseStatus: null, error: 'connection failed: ECONNREFUSED' });
    receiver = await startReceiver();
  });

  it('gives up a connection that is never accepted after 5 s (CONNECT_TIMEOUT_MS), long before the answer timeout', async function () {
    this.timeout(20_000);
    const blackhole = await startBlackholePeer();
    try {
      // The default connect timeout, and an answer timeout that would only fire much later.
      const sender = new NodeHttpWebhookSender({ allowPrivate: true, timeoutMs: 15_000 });
      const result = await sender.send(message(blackhole.url));
      expect(result).to.deep.include({ responseStatus: null, error: 'no connection within 5 s' });
      expect(result.durationMs).to.be.within(4900, 8000);
    } finally {
      await blackhole.close();
    }
  });
});
