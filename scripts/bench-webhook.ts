// Measures accepted webhook deliveries per second (1 KiB and 64 KiB bodies) against the real server (a child
// process on loopback, PostgreSQL behind it): every 202 means a delivery and its queued run were committed.
// Bounded in count and time. Usage: node scripts/bench-webhook.ts [--seconds 5] [--concurrency 16]
// [--max 20000] [--rate-limit-store postgres|memory] (where the per-trigger budget is counted)
// [--scheme platform|github|stripe|slack|standard-webhooks|shopify] (the trigger's signature scheme). Uses DATABASE_URL when set (a fresh database is created), else the embedded default in a
// temporary DATA_DIR.
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { percentile, startBenchServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    max: { type: 'string', default: '20000' },
    'rate-limit-store': { type: 'string', default: 'postgres' },
    scheme: { type: 'string', default: 'platform' },
  },
});
const SCHEME = values.scheme;
/** The trigger's signing secret, once it is created. */
let secret = '';
/** Deliveries sent so far: each gets its own delivery id, so none is a duplicate. */
let deliveries = 0;
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const MAX = Number(values.max);
const STORE = values['rate-limit-store'];
const SIZES = [1024, 64 * 1024];

const bench = await startBenchServer({ RATE_LIMIT_STORE: STORE, WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000' });
const { base } = bench;

try {
  const auth = await bearer();
  const me = await call('GET', '/api/auth/me', auth);
  const mission = await call('POST', '/api/missions', auth, {
    workspace_id: me.workspaces[0].id,
    name: 'bench',
  });
  const trigger = await call('POST', '/api/triggers', auth, {
    mission_id: mission.id,
    name: 'bench',
    signature_scheme: SCHEME,
  });
  secret = trigger.signing_secret;
  const url = `${base}/api/triggers/webhook/${trigger.webhook_path}`;
  console.log(
    `webhook ingest (${SCHEME}), ${CONCURRENCY} concurrent senders, up to ${SECONDS} s or ${MAX} deliveries per size`,
  );

  for (const size of SIZES) {
    // Distinct JSON bodies; each send is signed as the scheme's provider signs (a fresh delivery id each).
    const bodies = Array.from({ length: 64 }, (_, i) => {
      const head = `{"i":${i},"pad":"`;
      return Buffer.from(`${head}${'x'.repeat(size - head.length - 2)}"}`);
    });
    const send = async (n: number) => {
      const body = bodies[n % bodies.length] as Buffer;
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed(body, `delivery-${deliveries++}`) },
        body,
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };
    for (let i = 0; i < 50; i++) await send(i); // warm-up
    let issued = 0;
    let accepted = 0;
    const other = new Map<number, number>();
    const latencies: number[] = [];
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until && issued < MAX) {
          const { status, ms } = await send(issued++);
          latencies.push(ms);
          if (status === 202) accepted++;
          else other.set(status, (other.get(status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const rejected = [...other].map(([status, count]) => `${count}x${status}`).join(', ') || 'none';
    console.log(
      `${size / 1024} KiB: ${(accepted / elapsed).toFixed(0)} accepted deliveries/s (${accepted} in ${elapsed.toFixed(1)} s;` +
        ` median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; not accepted: ${rejected})`,
    );
  }
} finally {
  await bench.stop();
}

/** The signature headers of SCHEME's provider for `body`, with `id` as its delivery id where it has one. */
function signed(body: Buffer, id: string): Record<string, string> {
  const t = Math.floor(Date.now() / 1000);
  const mac = (key: string | Buffer, prefix: string) =>
    createHmac('sha256', key).update(prefix).update(body).digest();
  switch (SCHEME) {
    case 'github':
      return { 'x-hub-signature-256': `sha256=${mac(secret, '').toString('hex')}`, 'x-github-delivery': id };
    case 'stripe':
      return { 'stripe-signature': `t=${t},v1=${mac(secret, `${t}.`).toString('hex')}` };
    case 'slack':
      return {
        'x-slack-request-timestamp': String(t),
        'x-slack-signature': `v0=${mac(secret, `v0:${t}:`).toString('hex')}`,
      };
    case 'standard-webhooks': {
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const signature = mac(key, `${id}.${t}.`).toString('base64');
      return { 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': `v1,${signature}` };
    }
    case 'shopify':
      return { 'x-shopify-hmac-sha256': mac(secret, '').toString('base64') };
    default:
      return { 'x-signature': `sha256=${mac(secret, '').toString('hex')}` };
  }
}

async function bearer(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await bench.login()}` };
}

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}
