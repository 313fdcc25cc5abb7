import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ServerProcess } from './server-process.ts';
import { testDatabase } from './test-database.ts';
import { TEST_MASTER_KEY } from './test-settings.ts';

/**
 * Servers as child processes (`node src/main.ts`) on the test database, with one bootstrap admin, for tests
 * that kill a server with SIGKILL and start another: call it inside a `describe`; its hooks create the
 * scratch folder and kill and remove whatever is left after the suite.
 */
export function killableServers(prefix: string) {
  let scratch: string;
  const started: ServerProcess[] = [];
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), `${prefix}-`));
    await chmod(scratch, 0o755);
  });
  after(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    await rm(scratch, { recursive: true, force: true });
  });

  const admin = {
    username: `${prefix.replace(/\W/g, '')}${randomBytes(3).toString('hex')}`,
    password: `pw-${randomBytes(9).toString('hex')}`,
  };
  return {
    admin,
    /** Starts a server (outbound calls to loopback allowed) and answers its address once it listens. */
    async serve(env: Record<string, string> = {}): Promise<string> {
      const server = new ServerProcess(
        {
          DATABASE_URL: (await testDatabase()).url,
          MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
          DATA_DIR: join(scratch, 'data'),
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
          // These tests are about crashes, not deadlines: a loaded machine must not turn a call into a 503.
          DATABASE_STATEMENT_TIMEOUT_MS: '10000',
          DATABASE_REQUEST_BUDGET_MS: '10000',
          // A killed instance's steps and agent runs are taken over once their lease ends: 4 s, not 10 s, of
          // waiting after each kill (renewed every 1.3 s, well inside it even on a loaded machine).
          BLUEPRINT_ENGINE_LEASE_SECONDS: '4',
          BOOTSTRAP_ADMIN_USERNAME: admin.username,
          BOOTSTRAP_ADMIN_EMAIL: `${admin.username}@example.com`,
          BOOTSTRAP_ADMIN_PASSWORD: admin.password,
          ...env,
        },
        scratch,
      );
      started.push(server);
      // A loaded machine (other suites on the same cores) may take longer than 15 s to start a server.
      const line = await server.waitForLog((entry) => entry.msg === 'listening', 60_000);
      return line.address as string;
    },
    /** Kills the server started last with SIGKILL and waits for it to be gone. */
    async killLatest(): Promise<void> {
      const victim = started.at(-1) as ServerProcess;
      victim.child.kill('SIGKILL');
      expect((await victim.exited).signal).to.equal('SIGKILL');
    },
  };
}
