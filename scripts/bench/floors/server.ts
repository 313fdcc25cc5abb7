// The floors of issue 27: the least framework around the project's work on the same PostgreSQL, written for this
// project and measured in the same run as it (scripts/bench.ts). A bare Koa app with `pg` (a pool of 10, as the
// server's), in a process of its own, on tables of its own in the bench's scratch database:
// - GET /me: one query per request, the session row by the SHA-256 of the bearer token joined to its user (what
//   `/api/auth/me` reads when nothing is cached).
// - GET /me-cached: the same row cached in process memory after the first read (what a session cache promises).
// - POST /ingest: HMAC-SHA256 of the raw body checked against `X-Signature`, then one INSERT (its own commit) of
//   the body, then 202 (what a webhook delivery costs with no group commit).
// Usage: node scripts/bench/floors/server.ts <port> <database url>; prints "ready" once it listens.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Koa, { type Context } from 'koa';
import pg from 'pg';
import { FLOOR_SESSIONS, FLOOR_WEBHOOK_SECRET, floorToken } from './tokens.ts';

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query(`
  create table if not exists floor_users (id uuid primary key default gen_random_uuid(), username text not null,
    email text not null, display_name text not null, created_at timestamptz not null default now());
  create table if not exists floor_sessions (token_hash bytea primary key, user_id uuid not null references floor_users,
    expires_at timestamptz not null, revoked_at timestamptz);
  create table if not exists floor_deliveries (id bigint generated always as identity primary key,
    body bytea not null, received_at timestamptz not null default now());
  truncate floor_sessions, floor_users, floor_deliveries;`);
const { rows } = await pool.query<{ id: string }>(
  `insert into floor_users (username, email, display_name) values ('floor', 'floor@example.com', 'Floor') returning id`,
);
for (let i = 0; i < FLOOR_SESSIONS; i++)
  await pool.query(
    `insert into floor_sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [hash(floorToken(i)), rows[0]?.id],
  );

const SESSION = `select u.id, u.username, u.email, u.display_name, u.created_at from floor_sessions s
  join floor_users u on u.id = s.user_id where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`;
const cache = new Map<string, unknown>();

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method === 'GET' && ctx.path === '/me') return me(ctx, false);
  if (ctx.method === 'GET' && ctx.path === '/me-cached') return me(ctx, true);
  if (ctx.method === 'POST' && ctx.path === '/ingest') return ingest(ctx);
  ctx.status = 404;
});
app.listen(Number(port), '127.0.0.1', () => console.log('ready'));

async function me(ctx: Context, cached: boolean): Promise<void> {
  const token = ctx.get('Authorization').slice('Bearer '.length);
  let user = cached ? cache.get(token) : undefined;
  if (user === undefined) {
    user = (await pool.query(SESSION, [hash(token)])).rows[0];
    if (user === undefined) {
      ctx.status = 401;
      return;
    }
    if (cached) cache.set(token, user);
  }
  ctx.body = user;
}

async function ingest(ctx: Context): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const expected = createHmac('sha256', FLOOR_WEBHOOK_SECRET).update(body).digest();
  const sent = Buffer.from(ctx.get('X-Signature').replace(/^sha256=/, ''), 'hex');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    ctx.status = 401;
    return;
  }
  await pool.query('insert into floor_deliveries (body) values ($1)', [body]);
  ctx.status = 202;
  ctx.body = { accepted: true };
}

function hash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
