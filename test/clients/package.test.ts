import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('../../clients/typescript/', import.meta.url));

/** The publishable package: `npm pack` builds dist/ and a project imports the packed package by its name. */
describe('the TypeScript client package (npm pack)', function () {
  this.timeout(120_000);
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-pack-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('packs dist/ (JavaScript and .d.ts, no sources) and imports by name from another project', async () => {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: CLIENT });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    const files = packed?.files.map((file) => file.path) ?? [];
    expect(files).to.include.members(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']);
    expect(files).to.include.members(['dist/worker.js', 'dist/worker.d.ts', 'dist/generated/schema.d.ts']);
    expect(files.filter((file) => !file.startsWith('dist/') && file.endsWith('.ts'))).to.deep.equal([]);

    // A project with the tarball unpacked as its dependency (offline: the runtime dependencies are linked).
    const project = join(dir, 'project');
    const modules = join(project, 'node_modules');
    await mkdir(join(modules, '@platform'), { recursive: true });
    await mkdir(join(modules, '@opentelemetry'), { recursive: true });
    await run('tar', ['-xzf', join(dir, packed?.filename ?? ''), '-C', dir]);
    await rename(join(dir, 'package'), join(modules, '@platform', 'api-client'));
    // Where Node finds them from the client's folder: its own node_modules, or the root's when the root's
    // install (which links the client) hoisted them there.
    const fromClient = createRequire(join(CLIENT, 'package.json'));
    for (const dependency of ['openapi-fetch', '@opentelemetry/api']) {
      const folders = (fromClient.resolve.paths(dependency) ?? []).map((folder) => join(folder, dependency));
      const installed = folders.find((folder) => existsSync(folder));
      expect(installed, `${dependency} installed`).to.be.a('string');
      await symlink(installed as string, join(modules, dependency), 'dir');
    }
    await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    await writeFile(
      join(project, 'main.js'),
      [
        "import { RetryableError, createPlatformClient, runWorker } from '@platform/api-client';",
        "const client = createPlatformClient({ baseUrl: 'http://127.0.0.1:9' });",
        "const error = new RetryableError('later');",
        'console.log(JSON.stringify({ worker: typeof runWorker, get: typeof client.GET, retryable: error.retryable }));',
      ].join('\n'),
    );
    const imported = await run(process.execPath, ['main.js'], { cwd: project });
    expect(JSON.parse(imported.stdout)).to.deep.equal({
      worker: 'function',
      get: 'function',
      retryable: true,
    });
    expect(await readdir(join(modules, '@platform', 'api-client'))).to.not.include('src');
  });
});
