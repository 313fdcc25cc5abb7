// Measures agent runs against a model that answers at once (test/support/fake-model-provider.ts on loopback),
// on the real server process (`node src/main.ts`, its agent runner on) and a scratch database:
// 1. rows and bytes of `message.delta` events per answer: 1,000 pieces streamed at once, then 200 pieces 5 ms
//    apart (a slow model), to show the batching (one event per 50 ms window or 4 KiB of text);
// 2. the server's time from sending a message to the first `message.delta` frame on the thread's stream (p50,
//    p99 over --messages messages, one after another);
// 3. full answers per second with --threads threads chatting at once for --seconds seconds.
// Usage: node scripts/bench-agents.ts [--messages 200] [--threads 50] [--seconds 10]. Uses DATABASE_URL when set.
import { parseArgs } from 'node:util';
import { fakeModelProvider } from '../test/support/fake-model-provider.ts';
import { callApi, startBenchServer } from './bench/server.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '200' },
    threads: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
  },
});

const fake = await fakeModelProvider();
const server = await startBenchServer({ MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' });
try {
  const token = await server.login();
  // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await callApi(server.base, token, method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const [workspace] = (await call('GET', '/api/workspaces')).items;
  const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
    name: 'fake',
    kind: 'openai',
    base_url: `${fake.url}/v1`,
    api_key: 'sk-bench',
  });
  const agent = await call('POST', '/api/agents', {
    workspace_id: workspace.id,
    name: 'bench',
    provider_id: provider.id,
    model: 'fake',
    instructions: '',
  });
  const newThread = async () =>
    (await call('POST', '/api/threads', { workspace_id: workspace.id, agent_id: agent.id })).id as string;
  const finished = async (runId: string, pollMs = 5) => {
    for (;;) {
      const run = await call('GET', `/api/runs/${runId}`);
      if (run.status !== 'queued' && run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };

  // 1. Rows and bytes per answer.
  for (const [pieces, pauseMs] of [
    [1000, 0],
    [200, 5],
  ] as const) {
    fake.script({ text: Array.from({ length: pieces }, (_, i) => `w${i % 10} `), pauseMs });
    const sent = await call('POST', `/api/threads/${await newThread()}/messages`, { content: 'go' });
    await finished(sent.run.id);
    const events = (await call('GET', `/api/runs/${sent.run.id}/events?limit=200`)).items as {
      type: string;
      data: { text: string };
    }[];
    const deltas = events.filter((e) => e.type === 'message.delta');
    const bytes = deltas.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e.data)), 0);
    const text = deltas.map((e) => e.data.text).join('').length;
    console.log(
      `${pieces} pieces ${pauseMs} ms apart: ${deltas.length} message.delta rows, ${bytes} bytes of data ` +
        `(${text} characters of text), ${events.length} events in all`,
    );
  }

  // 2. Message to first delta.
  const latencies: number[] = [];
  const serverSide: number[] = [];
  const startDelays: number[] = [];
  const thread = await newThread();
  for (let n = 0; n < Number(values.messages); n++) {
    fake.script({ text: ['first', ' second'] });
    const start = performance.now();
    const sent = await call('POST', `/api/threads/${thread}/messages`, { content: `m${n}` });
    const response = await fetch(`${server.base}/api/runs/${sent.run.id}/events/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (text.includes('event: message.delta')) {
        latencies.push(performance.now() - start);
        break;
      }
    }
    const run = await finished(sent.run.id);
    const events = (await call('GET', `/api/runs/${sent.run.id}/events?limit=200`)).items as {
      type: string;
      at: string;
    }[];
    const delta = events.find((e) => e.type === 'message.delta');
    if (delta) serverSide.push(Date.parse(delta.at) - Date.parse(run.created_at));
    startDelays.push(Date.parse(run.started_at) - Date.parse(run.created_at));
  }
  const quantiles = (values: number[]) => {
    values.sort((a, b) => a - b);
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`;
  };
  console.log(
    `message to first message.delta frame (client clock, ${latencies.length} messages): ${quantiles(latencies)}`,
  );
  console.log(`message stored to first message.delta stored (server clock): ${quantiles(serverSide)}`);
  console.log(`of which message stored to run started (server clock): ${quantiles(startDelays)}`);

  // 3. Answers per second with many threads.
  const threads = await Promise.all(Array.from({ length: Number(values.threads) }, newThread));
  const until = Date.now() + Number(values.seconds) * 1000;
  let answers = 0;
  await Promise.all(
    threads.map(async (id) => {
      while (Date.now() < until) {
        fake.script({ text: ['an', ' answer'] });
        const sent = await call('POST', `/api/threads/${id}/messages`, { content: 'q' });
        if ((await finished(sent.run.id, 50)).status === 'succeeded') answers++;
      }
    }),
  );
  console.log(
    `${threads.length} threads for ${values.seconds} s: ${answers} answers, ${(answers / Number(values.seconds)).toFixed(1)} answers/s`,
  );
} finally {
  await server.stop();
  await fake.close();
}
