// Issue 21's 1,000-SSE-clients figure: what 1,000 clients following threads' answers on
// `GET /api/threads/{id}/stream` cost the server, and how late they get each `message.delta`. On the real server
// process (its agent runner on) and a scratch database, against two fake model providers on loopback
// (test/support/fake-model-provider.ts): one answers the chatting threads at once, the other streams the watched
// threads' answers slowly (--pieces pieces --pause-ms apart, after --delay-ms that let the clients connect).
// 1. --threads threads chat for --seconds (each sends a message, waits for its answer, sends the next): answers/s.
// 2. --watched threads each get a message whose answer streams slowly; --clients clients (in a second process at
//    nice 19, spread evenly over the watched threads) follow them; the same chat runs meanwhile. Printed: answers/s
//    beside the first figure, the server's RSS (idle, streams open, peak while streaming), and the delivery delay
//    of every `message.delta` frame (client arrival minus the event's stored `at`, one clock: same machine).
// 3. The streams end with their runs; the chat once more without them.
// Usage: node scripts/bench-agent-streams.ts [--clients 1000] [--watched 1] [--threads 20] [--seconds 8]
//   [--pieces 500] [--pause-ms 20] [--delay-ms 60000]. Uses DATABASE_URL when set.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { fakeModelProvider } from '../test/support/fake-model-provider.ts';
import { callApi, cpuSeconds, percentile, rssBytes, rssSampler, startBenchServer } from './bench/server.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    watched: { type: 'string', default: '1' },
    threads: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '8' },
    pieces: { type: 'string', default: '500' },
    'pause-ms': { type: 'string', default: '20' },
    // How long the slow provider waits before it answers: time for the clients to connect.
    'delay-ms': { type: 'string', default: '60000' },
    // Internal: this process is the clients' process.
    urls: { type: 'string' },
    token: { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);

if (values.urls) await clientsProcess(values.urls.split(','), values.token as string);
else await main();

/** The clients' process: opens the streams, records each delta's delay, reports when asked. */
async function clientsProcess(urls: string[], token: string): Promise<void> {
  const delays: number[] = [];
  let ended = 0;
  let frames = 0;
  const controller = new AbortController();
  const follow = async (url: string) => {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
    const opened = Date.now();
    // Read in the background: the stream is open once its answer's headers came.
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as ReadableStream<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (frame.includes('event: end')) ended++;
          if (!frame.includes('event: message.delta')) continue;
          frames++;
          const data = frame.slice(frame.indexOf('data: ') + 6);
          const at = Date.parse((JSON.parse(data) as { at: string }).at);
          if (at >= opened) delays.push(Date.now() - at);
        }
      }
    })().catch(() => {});
  };
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = Array.from(
      { length: Math.min(100, CLIENTS - i) },
      (_, j) => urls[(i + j) % urls.length] as string,
    );
    await Promise.all(batch.map(follow));
  }
  process.on('message', (message) => {
    if (message === 'close') {
      controller.abort();
      process.exit(0);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    process.send?.({
      ended,
      frames,
      samples: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    });
  });
  process.send?.('open');
}

interface Report {
  ended: number;
  frames: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

async function report(child: ChildProcess): Promise<Report> {
  child.send('report');
  const [state] = await once(child, 'message');
  return state as Report;
}

async function main(): Promise<void> {
  const instant = await fakeModelProvider();
  const slow = await fakeModelProvider();
  const bench = await startBenchServer({
    MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
    EVENT_STREAMS_PER_CALLER: String(CLIENTS + 10),
    EVENT_STREAMS_PER_INSTANCE: String(CLIENTS + 10),
  });
  try {
    let unavailable = 0;
    // A loaded machine may answer the first login 503 (the database's wait budget): try again for a while.
    let token = '';
    for (let tries = 0; token === '' && tries < 30; tries++) {
      token = await bench.login().catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return '';
      });
    }
    // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
    const call = async (method: string, path: string, body?: unknown): Promise<any> => {
      let answer = await callApi(bench.base, token, method, path, body);
      // 503 (the database's wait budget, on a loaded machine): again after a pause, as Retry-After asks.
      for (let tries = 0; answer.status === 503 && tries < 50; tries++) {
        unavailable++;
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await callApi(bench.base, token, method, path, body);
      }
      if (answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const [workspace] = (await call('GET', '/api/workspaces')).items;
    const agentOn = async (url: string, name: string) => {
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name,
        kind: 'openai',
        base_url: `${url}/v1`,
        api_key: 'sk-bench',
      });
      return (
        await call('POST', '/api/agents', {
          workspace_id: workspace.id,
          name,
          provider_id: provider.id,
          model: 'fake',
          instructions: '',
        })
      ).id as string;
    };
    const threadsOf = async (agentId: string, count: number) =>
      Promise.all(
        Array.from(
          { length: count },
          async () =>
            (await call('POST', '/api/threads', { workspace_id: workspace.id, agent_id: agentId }))
              .id as string,
        ),
      );
    const chatters = await threadsOf(await agentOn(instant.url, 'instant'), Number(values.threads));
    const watchedAgent = await agentOn(slow.url, 'slow');
    const finished = async (runId: string) => {
      for (;;) {
        const run = await call('GET', `/api/runs/${runId}`);
        if (run.status !== 'queued' && run.status !== 'running') return run.status as string;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /** The chatting threads for --seconds: full answers per second, and the server's CPU (cores). */
    const chat = async () => {
      const seconds = Number(values.seconds);
      const until = Date.now() + seconds * 1000;
      const cpu = await cpuSeconds(bench.pid);
      let answers = 0;
      await Promise.all(
        chatters.map(async (threadId) => {
          while (Date.now() < until) {
            instant.script({ text: ['an', ' answer'] });
            const sent = await call('POST', `/api/threads/${threadId}/messages`, { content: 'q' });
            if ((await finished(sent.run.id)) === 'succeeded') answers++;
          }
        }),
      );
      return { rate: answers / seconds, cores: ((await cpuSeconds(bench.pid)) - cpu) / seconds };
    };
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const show = (label: string, r: { rate: number; cores: number }) =>
      console.log(
        `${label}: ${r.rate.toFixed(1)} answers/s, server CPU ${(r.cores * 100).toFixed(0)}% of a core`,
      );

    await chat(); // warm-up
    const without = await chat();
    show(`${chatters.length} threads chatting, no streams`, without);
    const idle = await rssBytes(bench.pid);

    const watched = await threadsOf(watchedAgent, Number(values.watched));
    const pieces = Array.from({ length: Number(values.pieces) }, (_, i) => `w${i % 10} `);
    for (const threadId of watched) {
      slow.script({ delayMs: Number(values['delay-ms']), text: pieces, pauseMs: Number(values['pause-ms']) });
      const sent = await call('POST', `/api/threads/${threadId}/messages`, { content: 'stream' });
      const run = await call('GET', `/api/runs/${sent.run.id}`);
      if (run.status !== 'queued' && run.status !== 'running')
        throw new Error(`the watched run is ${run.status} at once: ${JSON.stringify(run.error)}`);
    }
    const opening = performance.now();
    const urls = watched.map((id) => `${bench.base}/api/threads/${id}/stream`).join(',');
    const args = [process.argv[1] as string, '--clients', String(CLIENTS), '--urls', urls, '--token', token];
    const child = spawn('nice', ['-n', '19', process.execPath, ...args], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [ready] = await once(child, 'message');
    // The answers start once the slow provider's delay is over: the chat is measured while they stream.
    if (ready !== 'open') throw new Error('the clients process did not open its streams');
    const open = await rssBytes(bench.pid);
    console.log(
      `${CLIENTS} streams open on ${watched.length} thread(s) in ${((performance.now() - opening) / 1000).toFixed(1)} s; ` +
        `server RSS ${mib(idle)} MiB before, ${mib(open)} MiB with them open`,
    );
    const sampler = rssSampler(bench.pid);
    // The chat is measured while the answers stream (they last --pieces times --pause-ms, longer than it).
    while ((await report(child)).frames === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const streaming = await chat();
    show(`${chatters.length} threads chatting, ${CLIENTS} streams following the watched answers`, streaming);
    let state = await report(child);
    const deadline = Date.now() + 120_000;
    while (state.ended < CLIENTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await report(child);
    }
    const peak = sampler.stop();
    console.log(
      `streams ended: ${state.ended} of ${CLIENTS}; ${state.frames} message.delta frames delivered ` +
        `(${(state.frames / CLIENTS).toFixed(1)} a client); delivery delay (client arrival minus stored at) ` +
        `p50 ${state.p50} ms, p99 ${state.p99} ms, max ${state.max} ms over ${state.samples} frames; ` +
        `server RSS peak ${mib(peak)} MiB while streaming`,
    );
    console.log(
      `answers/s with the streams: ${((streaming.rate / without.rate) * 100).toFixed(0)} % of without`,
    );
    child.send('close');
    await once(child, 'exit');
    show(`${chatters.length} threads chatting, streams closed`, await chat());
    if (unavailable > 0) console.log(`(${unavailable} calls answered 503 and were made again)`);
  } finally {
    await bench.stop();
    await instant.close();
    await slow.close();
  }
}
