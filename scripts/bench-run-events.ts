// Measures what 1,000 open event streams on one run cost the rest of the server: event ingest
// (POST /api/runs/{id}/events) and worker claims (claim + complete) are measured for a few seconds without
// streams, with 1,000 SSE clients following the run being written to, and without them again. Every client
// must receive every event (the script fails otherwise); the fan-out delay of the last event is printed.
// The clients run in a second process at the lowest CPU priority (nice 19), so their own parsing does not
// compete with the server and the load generator. Each phase writes to a run of its own (a run keeps at
// most 10,000 events); the streams follow the second phase's run from its start.
// Usage: node scripts/bench-run-events.ts [--clients 1000] [--seconds 5] [--rate 0]. --rate paces the appends
// (events per second); unpaced, the streams' cost grows with events per second times clients (every event
// is written to every stream). Uses DATABASE_URL when set.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { callApi, cpuSeconds, startBenchServer } from './bench/server.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    // Events per second appended in all (0: as fast as the server takes them).
    rate: { type: 'string', default: '0' },
    // Internal: this process is the clients' process.
    url: { type: 'string' },
    token: { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
/** The server's address (set by main). */
let base = '';
const call = (token: string, method: string, path: string, body?: unknown) =>
  callApi(base, token, method, path, body);

/** One SSE client: counts the frames it gets and remembers the highest id and when it arrived. */
class StreamClient {
  frames = 0;
  lastId = 0;
  lastAt = 0;
  readonly #abort = new AbortController();
  static async open(url: string, token: string): Promise<StreamClient> {
    const client = new StreamClient();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: client.#abort.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
    void client.#read(response.body).catch(() => {});
    return client;
  }
  close(): void {
    this.#abort.abort();
  }
  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let tail = '';
    for await (const chunk of body) {
      const text = tail + decoder.decode(chunk, { stream: true });
      let at = text.indexOf('id: ');
      let last = -1;
      while (at >= 0) {
        this.frames++;
        last = at;
        at = text.indexOf('id: ', at + 4);
      }
      if (last >= 0) {
        this.lastId = Number.parseInt(text.slice(last + 4, last + 16), 10);
        this.lastAt = Date.now();
      }
      tail = text.slice(text.lastIndexOf('\n') + 1);
    }
  }
}

if (values.url) await clientsProcess(values.url, values.token as string);
else await main();

/** The clients' process: opens the streams, then answers each message with where the streams are. */
async function clientsProcess(url: string, token: string): Promise<void> {
  const clients: StreamClient[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = Math.min(100, CLIENTS - i);
    clients.push(...(await Promise.all(Array.from({ length: batch }, () => StreamClient.open(url, token)))));
  }
  process.on('message', (message) => {
    if (message === 'close') {
      for (const client of clients) client.close();
      process.exit(0);
    }
    process.send?.({
      minLastId: Math.min(...clients.map((c) => c.lastId)),
      frames: clients.reduce((sum, c) => sum + c.frames, 0),
      lastAt: Math.max(...clients.map((c) => c.lastAt)),
    });
  });
  process.send?.('open');
}

interface ClientsState {
  minLastId: number;
  frames: number;
  lastAt: number;
}

async function ask(child: ChildProcess): Promise<ClientsState> {
  child.send('state');
  const [state] = await once(child, 'message');
  return state as ClientsState;
}

async function main(): Promise<void> {
  // Every client follows the run with the same token: the per-caller cap (default 20) is raised for them.
  const bench = await startBenchServer({
    EVENT_STREAMS_PER_CALLER: String(CLIENTS + 10),
    EVENT_STREAMS_PER_INSTANCE: String(CLIENTS + 10),
  });
  base = bench.base;
  try {
    const [owner, writer, ...workers] = (await Promise.all(
      Array.from({ length: 6 }, bench.login),
    )) as string[];
    const workspaceId = (await call(owner as string, 'POST', '/api/workspaces', { name: 'bench' })).body
      .id as string;
    const mission = async (name: string) =>
      (await call(owner as string, 'POST', '/api/missions', { workspace_id: workspaceId, name })).body
        .id as string;
    const watchedMission = await mission('watched');
    const workMission = await mission('work');
    /** A run of its own for each phase, claimed by the writer (a run keeps at most 10,000 events). */
    const claimedRun = async (): Promise<string> => {
      await call(owner as string, 'POST', `/api/missions/${watchedMission}/runs`, {});
      const claim = await call(writer as string, 'POST', '/api/runs/claim', {
        workspace_id: workspaceId,
        mission_ids: [watchedMission],
        lease_seconds: 3600,
      });
      return claim.body.id as string;
    };
    for (let i = 0; i < 3000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          call(owner as string, 'POST', `/api/missions/${workMission}/runs`, {}),
        ),
      );
    }

    let lastSeq = 2;
    /** Appends to `watched` and claims at once for SECONDS: events/s (batches of 10), claim + complete/s. */
    async function measure(watched: string): Promise<{ events: number; claims: number; cpu: number }> {
      const cpuBefore = await cpuSeconds(bench.pid);
      const stopAt = performance.now() + SECONDS * 1000;
      let events = 0;
      let claims = 0;
      const started = performance.now();
      const ingest = Array.from({ length: 2 }, async () => {
        while (performance.now() < stopAt) {
          // Paced: each loop appends its batch of 10 when the rate says it is due.
          const due = started + ((events + 10) / RATE) * 1000;
          if (RATE > 0 && due > performance.now())
            await new Promise((r) => setTimeout(r, due - performance.now()));
          const batch = Array.from({ length: 10 }, (_, i) => ({
            type: 'log',
            level: 'info',
            message: `line ${i}`,
          }));
          const answer = await call(writer as string, 'POST', `/api/runs/${watched}/events`, {
            events: batch,
          });
          if (answer.status !== 201) throw new Error(`append answered ${answer.status}`);
          lastSeq = Math.max(lastSeq, answer.body.seq_to as number);
          events += 10;
        }
      });
      const claiming = workers.map(async (token) => {
        while (performance.now() < stopAt) {
          const claim = await call(token, 'POST', '/api/runs/claim', {
            workspace_id: workspaceId,
            mission_ids: [workMission],
            lease_seconds: 300,
          });
          if (claim.status === 204) return;
          if (claim.status !== 200) throw new Error(`claim answered ${claim.status}`);
          await call(token, 'POST', `/api/runs/${claim.body.id}/complete`, { status: 'succeeded' });
          claims++;
        }
      });
      await Promise.all([...ingest, ...claiming]);
      const cpu = (await cpuSeconds(bench.pid)) - cpuBefore;
      return { events: events / SECONDS, claims: claims / SECONDS, cpu: cpu / SECONDS };
    }
    const show = (label: string, r: { events: number; claims: number; cpu: number }) =>
      console.log(
        `${label}: ingest ${r.events.toFixed(0)} events/s, claim + complete ${r.claims.toFixed(0)} runs/s, ` +
          `server CPU ${(r.cpu * 100).toFixed(0)}% of a core`,
      );

    show('without streams', await measure(await claimedRun()));

    const watched = await claimedRun();
    lastSeq = 2;
    const opened = performance.now();
    const url = `${base}/api/runs/${watched}/events/stream`;
    const args = [
      process.argv[1] as string,
      '--clients',
      String(CLIENTS),
      '--url',
      url,
      '--token',
      owner as string,
    ];
    const child = spawn('nice', ['-n', '19', process.execPath, ...args], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [ready] = await once(child, 'message');
    if (ready !== 'open') throw new Error('the clients process did not open its streams');
    const joined = lastSeq;
    while ((await ask(child)).minLastId < joined) await new Promise((r) => setTimeout(r, 50));
    console.log(`${CLIENTS} streams open in ${((performance.now() - opened) / 1000).toFixed(1)} s`);

    show(`with ${CLIENTS} streams on the run written to`, await measure(watched));
    const appendedAt = Date.now();
    let state = await ask(child);
    while (state.minLastId < lastSeq && Date.now() < appendedAt + 60_000) {
      await new Promise((r) => setTimeout(r, 50));
      state = await ask(child);
    }
    if (state.minLastId < lastSeq)
      throw new Error(`some streams did not get every event (last seq ${lastSeq})`);
    console.log(
      `every stream got every event up to seq ${lastSeq} (${state.frames} frames in all); the last reached ` +
        `every stream ${Math.max(0, state.lastAt - appendedAt)} ms after the final append answered`,
    );
    child.send('close');
    await once(child, 'exit');
    await new Promise((r) => setTimeout(r, 500));

    show('streams closed again', await measure(await claimedRun()));
  } finally {
    await bench.stop();
  }
}
