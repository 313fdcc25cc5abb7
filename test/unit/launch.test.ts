import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  HEAP_GROWING_PERCENT,
  MALLOC_ARENAS,
  privateCompileCacheDir,
  relaunchPlan,
  SEMI_SPACE_MB,
} from '../../src/launch.ts';

describe('launch', () => {
  const base = {
    execPath: '/usr/bin/node',
    execArgv: ['--enable-source-maps'],
    argv: ['/usr/bin/node', '/app/src/main.ts', '--flag'],
    env: { PATH: '/bin' },
    compileCacheDir: '/tmp/cache',
  };

  describe('relaunchPlan', () => {
    it('runs the same script with its arguments and Node flags, the V8 flags first, two malloc arenas and the compile cache', () => {
      expect(relaunchPlan(base)).to.deep.equal({
        args: [
          '/usr/bin/node',
          `--max-semi-space-size=${SEMI_SPACE_MB}`,
          `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
          '--enable-source-maps',
          '/app/src/main.ts',
          '--flag',
        ],
        env: { PATH: '/bin', MALLOC_ARENA_MAX: MALLOC_ARENAS, NODE_COMPILE_CACHE: '/tmp/cache' },
      });
    });

    it('keeps the malloc arenas the environment chooses', () => {
      expect(relaunchPlan({ ...base, env: { MALLOC_ARENA_MAX: '8' } })?.env.MALLOC_ARENA_MAX).to.equal('8');
    });

    it('does nothing once the flag is given: in the command (the relaunched process) or in NODE_OPTIONS', () => {
      expect(relaunchPlan({ ...base, execArgv: ['--max-semi-space-size=16'] })).to.equal(undefined);
      expect(relaunchPlan({ ...base, execArgv: ['--max_semi_space_size=2'] })).to.equal(undefined);
      const env = { NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=8' };
      expect(relaunchPlan({ ...base, env })).to.equal(undefined);
    });

    it("leaves the compile cache to Node's own variables when they are set, and off without a folder", () => {
      const chosen = relaunchPlan({ ...base, env: { NODE_COMPILE_CACHE: '/var/cache/api' } });
      expect(chosen?.env.NODE_COMPILE_CACHE).to.equal('/var/cache/api');
      const disabled = relaunchPlan({ ...base, env: { NODE_DISABLE_COMPILE_CACHE: '1' } });
      expect(disabled?.env).to.not.have.property('NODE_COMPILE_CACHE');
      const none = relaunchPlan({ ...base, compileCacheDir: undefined });
      expect(none?.env).to.not.have.property('NODE_COMPILE_CACHE');
    });
  });

  describe('privateCompileCacheDir', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'launch-test-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('creates a folder only its user can open, and uses it again', () => {
      const dir = privateCompileCacheDir(root);
      expect(dir).to.be.a('string');
      expect(statSync(dir as string).mode & 0o777).to.equal(0o700);
      expect(privateCompileCacheDir(root)).to.equal(dir);
    });

    it('refuses a folder that others can write to', () => {
      const dir = join(root, `platform-api-compile-cache-${process.getuid?.()}`);
      mkdirSync(dir);
      chmodSync(dir, 0o777);
      expect(privateCompileCacheDir(root)).to.equal(undefined);
    });

    it('refuses a symbolic link, even to a private folder', () => {
      const target = join(root, 'elsewhere');
      mkdirSync(target, { mode: 0o700 });
      symlinkSync(target, join(root, `platform-api-compile-cache-${process.getuid?.()}`));
      expect(privateCompileCacheDir(root)).to.equal(undefined);
    });

    it('answers nothing when the folder cannot be made', () => {
      expect(privateCompileCacheDir(join(root, 'missing', 'parent'))).to.equal(undefined);
    });
  });
});
