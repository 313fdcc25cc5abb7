// Idle memory of two checkouts side by side: the server of each (`node src/main.ts` in each folder, the bench's
// settings, on one scratch database both have migrated) is started ROUNDS times (default 5), the two taking
// turns, and read the way `make bench` reads it: VmRSS one second (IDLE_MS) after the first `/readyz` 200, with
// the file-backed part (RssFile: the node binary's pages) and the anonymous one (RssAnon: heap, code, native).
// Each start, then the max and the median of each checkout, in MiB. Run:
// node scripts/ab-idle-rss.ts BEFORE_DIR AFTER_DIR (on DATABASE_URL's server when set).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { startCheckout } from './bench/checkout-server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const dirs = process.argv.slice(2);
if (dirs.length !== 2) throw new Error('usage: node scripts/ab-idle-rss.ts BEFORE_DIR AFTER_DIR');
const rounds = Number(process.env.ROUNDS ?? 5);
const idleMs = Number(process.env.IDLE_MS ?? 1000);

const database = await scratchDatabase('ab_idle');
// One master key for both: they share the database's signing keys.
const masterKey = randomBytes(32).toString('base64url');

interface Reading {
  readonly rss: number;
  readonly file: number;
  readonly anon: number;
}

async function startOnce(dir: string, waitMs: number): Promise<Reading> {
  const { child, exited } = await startCheckout(dir, {
    databaseUrl: database.url,
    masterKey,
    env: { LOG_LEVEL: 'info' },
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) / 1024;
    return { rss: field('VmRSS'), file: field('RssFile'), anon: field('RssAnon') };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const show = ({ rss, file, anon }: Reading) =>
  `${rss.toFixed(1)} MiB (file ${file.toFixed(1)}, anon ${anon.toFixed(1)})`;
const results: Reading[][] = [[], []];
try {
  // The first start of each migrates (or finds migrated) the database and fills the compile cache: not counted.
  for (const dir of dirs) await startOnce(dir, 0);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, dir] of dirs.entries()) {
      const reading = await startOnce(dir, idleMs);
      results[index]?.push(reading);
      console.log(`round ${round} ${index === 0 ? 'before' : 'after '}: ${show(reading)}`);
    }
  }
  for (const [index, readings] of results.entries()) {
    const sorted = readings.map((r) => r.rss).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `${index === 0 ? 'before' : 'after '}: max ${Math.max(...sorted).toFixed(1)} MiB, median ${median.toFixed(1)} MiB (${dirs[index]})`,
    );
  }
} finally {
  await database.dispose();
}
