// Preloaded into the server (`node --import`) by scripts/bench-claim-statements.ts: counts every statement the pg
// driver sends, by its first word, and writes the counts so far to STATEMENT_COUNTS_FILE on SIGUSR2.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const counts: Record<string, number> = {};
const send = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const [config] = args;
  const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
  const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'other';
  counts[word] = (counts[word] ?? 0) + 1;
  return send.apply(this, args);
} as typeof pg.Client.prototype.query;

process.on('SIGUSR2', () =>
  writeFileSync(process.env.STATEMENT_COUNTS_FILE as string, JSON.stringify(counts)),
);
