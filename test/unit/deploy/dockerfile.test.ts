import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'chai';
import dockerfileUtils from 'dockerfile-utils';

const ROOT = resolve(import.meta.dirname, '../../..');
const DOCKERFILE = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8');
const SECRET = /(MASTER_KEY|DATABASE_URL|PASSWORD|TOKEN|SECRET|REDIS_URL)/;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Array<{ keyword: string; args: string }> {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** Docker cannot run here: the image recipe is linted instead of built (issue 26, item 7). */
describe('Dockerfile', () => {
  const steps = instructions(DOCKERFILE);
  const finalStage = steps.slice(steps.map((step) => step.keyword).lastIndexOf('FROM'));

  it('passes the dockerfile-utils validator with no diagnostics', () => {
    const diagnostics = dockerfileUtils.validate(DOCKERFILE);
    expect(diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`)).to.deep.equal([]);
  });

  it('builds on a pinned Node 24 image, the Node the project runs on', () => {
    const bases = steps.filter((step) => step.keyword === 'FROM').map((step) => step.args.split(/\s+/)[0]);
    expect(bases).to.have.length.above(0);
    for (const base of bases) expect(base).to.match(/^node:24-[a-z]+-slim$/);
  });

  it('runs the sources as they are, as an unprivileged user, with a liveness check and the port it listens on', () => {
    const last = (keyword: string) => finalStage.filter((step) => step.keyword === keyword).at(-1)?.args;
    expect(last('USER')).to.equal('node');
    expect(last('CMD')).to.equal('["node", "src/main.ts"]');
    expect(existsSync(resolve(ROOT, 'src/main.ts'))).to.equal(true);
    expect(last('HEALTHCHECK')).to.include('/healthz');
    expect(last('EXPOSE')).to.equal('8080');
    expect(last('ENV'))
      .to.match(/PORT=8080/)
      .and.match(/HOST=0\.0\.0\.0/);
    expect(last('STOPSIGNAL')).to.equal('SIGTERM');
  });

  it('installs production dependencies from the lockfile and copies only what exists', () => {
    const run = steps.filter((step) => step.keyword === 'RUN').map((step) => step.args);
    expect(run.some((command) => /npm ci --omit=dev/.test(command))).to.equal(true);
    for (const copy of steps.filter((step) => step.keyword === 'COPY' && !step.args.startsWith('--from'))) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(resolve(ROOT, source)), source).to.equal(true);
      }
    }
  });

  it('bakes in no secret, and keeps local state and secrets out of the build context', () => {
    for (const step of steps.filter((s) => s.keyword === 'ENV' || s.keyword === 'ARG')) {
      expect(SECRET.test(step.args), step.args).to.equal(false);
    }
    const ignored = readFileSync(resolve(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).to.include.members(['.env', '.data', 'node_modules', '.git']);
  });
});
