import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { TwoFactor } from '../../../src/domain/identity/two-factor.ts';
import { api, withKey } from '../../support/api.ts';
import { postgresWorld, seedUser, T0 } from '../../support/persistence-world.ts';
import { startTestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';
import { TEST_COMPILE_CACHE, TEST_MASTER_KEY } from '../../support/test-settings.ts';

interface Result {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describe('CLI (a second driving adapter, against PostgreSQL)', function () {
  // Each test starts several CLI processes, each loading the whole app (5-9 s apiece on a loaded 2-core
  // machine): the limit bounds a hang, not the speed. Processes whose outcomes do not depend on each other
  // run side by side.
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;

  before(async () => {
    const { url } = await testDatabase();
    env = {
      PATH: process.env.PATH,
      ...TEST_COMPILE_CACHE,
      DATABASE_URL: url,
      // The run's database holds signing keys sealed under the run's master key: share it.
      MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    };
  });

  function cli(args: string[], stdin = ''): Promise<Result> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['src/adapters/cli/main.ts', ...args], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  it('creates a user with the password from stdin, lists, resets the password and disables it', async () => {
    const name = `cli${randomBytes(3).toString('hex')}`;
    const created = await cli(
      ['user', 'create', '--username', name, '--email', `${name}@example.com`],
      'a long passphrase\n',
    );
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(new RegExp(`created user ${name} \\([0-9a-f-]{36}\\)`));
    expect(created.stdout + created.stderr).not.to.include('a long passphrase');

    const [common, changed] = await Promise.all([
      cli(['user', 'set-password', name], 'password\n'),
      cli(['user', 'set-password', name], 'another passphrase\n'),
    ]);
    expect(common.code).to.equal(1);
    expect(common.stderr).to.include('too common');
    expect(changed.code, changed.stderr).to.equal(0);
    expect((await cli(['user', 'disable', `${name}@EXAMPLE.com`])).code).to.equal(0);
    const list = await cli(['user', 'list']);
    expect(list.stdout).to.match(new RegExp(`\\t${name}\\t${name}@example.com\\tdisabled`));
  });

  it('prints every line of a long listing before it exits, though stdout is a pipe', async () => {
    // process.exit() right after writing cut `user list | ...` short at 64 KiB of a pipe's buffer.
    const { db } = await testDatabase();
    const prefix = `clibulk${randomBytes(3).toString('hex')}`;
    await db.query(
      `insert into users (id, username, email, display_name, password_hash, created_at)
       select gen_random_uuid(), $1 || n, $1 || n || '@example.com', 'Bulk', 'x', now()
       from generate_series(1, 3000) as n`,
      [prefix],
    );
    try {
      const list = await cli(['user', 'list']);
      expect(list.code).to.equal(0);
      expect(list.stdout.split('\n').filter((line) => line.includes(`\t${prefix}`))).to.have.lengthOf(3000);
    } finally {
      await db.query('delete from users where username like $1', [`${prefix}%`]);
    }
  });

  it('refuses a duplicate user, and rotates signing keys', async () => {
    const name = `dup${randomBytes(3).toString('hex')}`;
    const args = ['user', 'create', '--username', name, '--email', `${name}@example.com`];
    expect((await cli(args, 'first passphrase!\n')).code).to.equal(0);
    const [again, first, second] = await Promise.all([
      cli(args, 'first passphrase!\n'),
      cli(['keys', 'rotate']),
      cli(['keys', 'rotate']),
    ]);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('already taken');
    expect(first.stdout).to.match(/new signing key: \S+/);
    expect(second.stdout).not.to.equal(first.stdout);
  });

  it('creates a workspace API key, printed alone on stdout, that authenticates over HTTP', async () => {
    const { workspace } = await seedUser(await postgresWorld());
    const create = (name: string, role: string) =>
      cli(['api-key', 'create', '--workspace', workspace.id, '--name', name, '--role', role]);
    const [created, owner] = await Promise.all([create('ci', 'admin'), create('x', 'owner')]);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(/^pk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}\n$/);
    expect(created.stderr).to.match(/created API key ci \([0-9a-f-]{36}\), role admin/);
    const app = await startTestApp();
    try {
      const me = await api(app, withKey(created.stdout.trim()), 'GET', '/api/auth/me');
      expect(me.body.api_key).to.deep.include({ name: 'ci', workspace_id: workspace.id, role: 'admin' });
    } finally {
      await app.close();
    }
    expect([owner.code, owner.stdout]).to.deep.equal([2, '']);
    expect(owner.stderr).to.include('--role is one of admin, member');
  });

  it('resets a user’s two-factor login (lost app and recovery codes), audited', async () => {
    const world = await postgresWorld();
    const { user } = await seedUser(world);
    await world.twoFactors.putPending(
      new TwoFactor({
        userId: user.id,
        sealedSecret: 'v1.sealed',
        enabledAt: null,
        lastUsedStep: null,
        recoveryCodeHashes: [],
        createdAt: T0,
      }),
    );
    await world.twoFactors.enable(user.id, 'v1.sealed', 1, ['h1'], T0);
    const reset = await cli(['user', 'reset-2fa', user.email.toUpperCase()]);
    expect([reset.code, reset.stdout], reset.stderr).to.deep.equal([
      0,
      'two-factor login is off; the user signs in with the password alone\n',
    ]);
    expect(await world.twoFactors.findByUser(user.id)).to.equal(undefined);
    const events = await world.auditEventsOf(user.id);
    expect(events.map((e) => [e.type, e.details])).to.deep.include(['mfa_disabled', { by: 'operator' }]);
    expect((await cli(['user', 'reset-2fa', user.username])).stdout).to.equal(
      'the user had no two-factor login\n',
    );
  });

  it('prints usage with exit code 2 for an unknown command', async () => {
    const result = await cli(['frobnicate']);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('usage: platform-cli');
  });
});
