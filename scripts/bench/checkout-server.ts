// A checkout's server (`node src/main.ts` in its folder) for the A/B scripts (ab-request-cost, ab-login-cost,
// ab-idle-rss): the bench's administrator, rate limits lifted unless `env` says otherwise, stderr shown.
import { type ChildProcess, spawn } from 'node:child_process';
import { BENCH_USER, freePort, waitFor } from './server.ts';

export interface CheckoutServer {
  readonly base: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Settles with the exit code (or 'signal') once the process has ended. */
  readonly exited: Promise<unknown>;
}

export async function startCheckout(
  dir: string,
  options: { databaseUrl: string; masterKey: string; readyPath?: string; env?: NodeJS.ProcessEnv },
): Promise<CheckoutServer> {
  const port = String(await freePort());
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: options.databaseUrl,
      MASTER_KEY: options.masterKey,
      PORT: port,
      BOOTSTRAP_ADMIN_USERNAME: BENCH_USER.username,
      BOOTSTRAP_ADMIN_EMAIL: 'bench@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: BENCH_USER.password,
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ...options.env,
    },
  });
  let gone: unknown;
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => {
      gone = code ?? 'signal';
      resolve(gone);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base, options.readyPath ?? '/readyz', () => gone, 120_000);
  return { base, child, pid: child.pid as number, exited };
}
