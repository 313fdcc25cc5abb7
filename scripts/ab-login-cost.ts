// The cost of a login in two checkouts side by side: the server of each (`node src/main.ts` in each folder, each
// on a scratch database of its own, reached through a proxy that counts the statements it is sent) is first
// logged in 20 times one after another, which gives SQL statements per login and per `/me` (SHOW_STATEMENTS=1
// lists them); then the two take turns ROUNDS times (default 3): the checkout's argon2id bound alone
// (scripts/bench/argon2-bound.ts, for half a round), a login flood of 50 connections for ROUND_SECONDS (default
// 8), then the same with `/me` paced at 200/s beside it, as `make bench`'s me_during_login does. Printed per round
// and as medians: logins answered 200 per second (and as a share of the round's bound), refusals (503), server
// CPU milliseconds (user + system from /proc) per login answered, and `/me`'s p99 during the second flood. Taking turns puts both under the same load.
// Run: node scripts/ab-login-cost.ts BEFORE_DIR AFTER_DIR (on DATABASE_URL's server when set).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { startCheckout } from './bench/checkout-server.ts';
import { BENCH_USER, cpuSeconds, logIn } from './bench/server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) throw new Error('usage: node scripts/ab-login-cost.ts BEFORE_DIR AFTER_DIR');
const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.ROUND_SECONDS ?? 8);
const LOGIN_BODY = JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password });

/** A TCP proxy to PostgreSQL counting the statements clients send: simple queries and executes. */
async function countingProxy(target: URL) {
  const counts = { texts: [] as string[] };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    countMessages(client, counts);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), counts, close: () => server.close() };
}

/**
 * Reads the frontend protocol: untyped startup messages until the StartupMessage, then typed ones. Each simple
 * query and each execute is a statement; its text is the query's, or the one its portal was bound to.
 */
function countMessages(client: Socket, counts: { texts: string[] }) {
  let buffered = Buffer.alloc(0);
  let startup = true;
  const prepared = new Map<string, string>();
  const portals = new Map<string, string>();
  const cstrings = (body: Buffer) => body.toString('utf8').split('\0');
  client.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const head = startup ? 0 : 1;
      if (buffered.length < head + 4) return;
      const length = buffered.readInt32BE(head);
      if (buffered.length < head + length) return;
      const body = buffered.subarray(head + 4, head + length);
      if (startup) {
        // SSLRequest and GSSENCRequest come before the StartupMessage (protocol 3.0: 196608).
        if (buffered.readInt32BE(4) === 196608) startup = false;
      } else if (buffered[0] === 0x50 /* P */) {
        const [name = '', text = ''] = cstrings(body);
        prepared.set(name, text);
      } else if (buffered[0] === 0x42 /* B */) {
        const [portal = '', name = ''] = cstrings(body);
        portals.set(portal, prepared.get(name) ?? '?');
      } else if (buffered[0] === 0x51 /* Q */ || buffered[0] === 0x45 /* E */) {
        const text =
          buffered[0] === 0x51 ? (cstrings(body)[0] ?? '') : (portals.get(cstrings(body)[0] ?? '') ?? '?');
        counts.texts.push(text);
      }
      buffered = buffered.subarray(head + length);
    }
  });
}

// One master key for both (and one database each, so that the two never share a lock or a counter).
const masterKey = randomBytes(32).toString('base64url');
async function start(dir: string) {
  const database = await scratchDatabase('ab_login');
  const proxy = await countingProxy(new URL(database.url));
  const server = await startCheckout(dir, { databaseUrl: proxy.url, masterKey });
  return { ...server, proxy, database };
}

const dirs = { before: beforeDir, after: afterDir };
const servers = { before: await start(beforeDir), after: await start(afterDir) };
type Name = keyof typeof servers;
const names: Name[] = ['before', 'after'];
const figures: Record<string, number[]> = {};
const note = (key: string, value: number) => (figures[key] = [...(figures[key] ?? []), value]);

/**
 * Statements sent per call of `call`: the least of `amount` calls one after another, each counted from its start
 * to 50 ms after its answer, leaving out the statements the server sent by itself over 3 s at rest (its periodic
 * jobs). With SHOW_STATEMENTS set, the statements of such a least call are printed.
 */
async function statementsPer(name: Name, call: () => Promise<unknown>, amount = 20): Promise<number> {
  const { counts } = servers[name].proxy;
  counts.texts.length = 0;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const periodic = new Set(counts.texts);
  let least: string[] | undefined;
  for (let i = 0; i < amount; i++) {
    counts.texts.length = 0;
    await call();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const own = counts.texts.filter((text) => !periodic.has(text));
    if (i > 0 && (!least || own.length < least.length)) least = own;
  }
  if (process.env.SHOW_STATEMENTS)
    console.log((least ?? []).map((text) => `  ${text.slice(0, 110)}`).join('\n'));
  return least?.length ?? 0;
}

const loginFlood = (base: string) =>
  autocannon({
    url: `${base}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: LOGIN_BODY,
    connections: 50,
    duration: seconds,
  });

/** The checkout's own argon2id bound (scripts/bench/argon2-bound.ts), measured just before its flood. */
async function bound(dir: string): Promise<number> {
  const args = ['scripts/bench/argon2-bound.ts', String(Math.max(2, seconds / 2))];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir });
  return (JSON.parse(stdout) as { verifications_per_second: number }).verifications_per_second;
}

/**
 * The argon2id bound alone, then a login flood alone (throughput, CPU per login), then one with `/me` paced
 * beside it (its p99).
 */
async function flood(name: Name, token: string) {
  const { base, pid } = servers[name];
  const alone = await bound(dirs[name]);
  const cpu0 = await cpuSeconds(pid);
  const login = await loginFlood(base);
  const cpu = (await cpuSeconds(pid)) - cpu0;
  const [me] = await Promise.all([
    autocannon({
      url: `${base}/api/auth/me`,
      headers: { authorization: `Bearer ${token}` },
      overallRate: 200,
      connections: 50,
      duration: seconds,
    }),
    loginFlood(base),
  ]);
  const ok = login.requests.total - login.non2xx;
  // Refused (503) logins still took a little CPU: it is counted against the logins answered.
  return {
    rps: ok / seconds,
    toBound: (ok / seconds / alone) * 100,
    refused: login.non2xx,
    cpuMs: ok > 0 ? (cpu * 1000) / ok : 0,
    meP99: me.latency.p99,
  };
}

try {
  const tokens = { before: await logIn(servers.before.base), after: await logIn(servers.after.base) };
  for (const name of names) {
    const { base } = servers[name];
    const login = () => logIn(base);
    const me = () => fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${tokens[name]}` } });
    console.log(
      `${name}: ${await statementsPer(name, login)} statements per login, ` +
        `${await statementsPer(name, () => me().then((r) => r.arrayBuffer()))} per /me`,
    );
  }
  for (let round = 0; rounds > 0 && round < rounds + 1; round++) {
    for (const name of names) {
      const result = await flood(name, tokens[name]);
      if (round === 0) continue; // the warm-up round
      console.log(
        `${name}: ${result.rps.toFixed(1)} logins/s (${result.toBound.toFixed(0)}% of the bound), ${result.refused} refused, ` +
          `${result.cpuMs.toFixed(1)} CPU ms per login, /me p99 ${result.meP99} ms`,
      );
      note(`${name} logins/s`, result.rps);
      note(`${name} % of bound`, result.toBound);
      note(`${name} CPU ms/login`, result.cpuMs);
      note(`${name} /me p99 ms`, result.meP99);
      note(`${name} refused`, result.refused);
    }
  }
  for (const [key, values] of Object.entries(figures)) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    console.log(
      `${key.padEnd(24)} median ${median.toFixed(1)} (${values.map((v) => v.toFixed(1)).join(', ')})`,
    );
  }
} finally {
  for (const server of Object.values(servers)) server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const server of Object.values(servers)) {
    server.proxy.close();
    await server.database.dispose();
  }
}
