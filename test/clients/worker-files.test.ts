import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  ApiError,
  apiKey,
  type ClaimedRun,
  platformFiles,
  type RunContext,
  runWorker,
} from '../../clients/typescript/src/index.ts';
import { principalOf } from '../support/api.ts';
import { download } from '../support/file-requests.ts';
import { suiteApp, suiteUser } from '../support/http-suite.ts';
import { suiteValue } from '../support/suite-values.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * Runs refer to files by id (issue 22 item 5): a run's input names a file the worker downloads with its key, and
 * its output the file the worker uploaded. The SDK streams both ways.
 */
describe('worker SDK files: a run reads its input file and writes its output file (PostgreSQL)', function () {
  this.timeout(60000);
  const app = suiteApp();
  const owner = suiteUser(app);
  const principal = suiteValue(() => principalOf(app, owner));

  async function workspace() {
    const c = app.container.cradle;
    const { workspace: ws } = await c.createWorkspace(principal, { name: 'Worker files' });
    const mission = await c.createMission(principal, { workspaceId: ws.id, name: 'convert' });
    const key = async (role: 'admin' | 'member') =>
      (await c.createApiKey(principal, ws.id, { name: role, role, expiresAt: null }, 'ip')).key;
    return {
      c,
      workspaceId: ws.id,
      missionId: mission.id,
      admin: await key('admin'),
      member: await key('member'),
    };
  }

  it('downloads the input file by id, uploads the output as a stream, and the run names it', async () => {
    const { c, workspaceId, missionId, admin } = await workspace();
    const input = randomBytes(3 * 1024 * 1024 + 17);
    const file = await c.uploadFile(principal, {
      workspaceId,
      name: 'in.bin',
      contentType: 'application/octet-stream',
      bytes: (async function* () {
        yield input;
      })(),
    });
    const started = await c.startRun(principal, missionId, { input: { file_id: file.id } });

    let done: (run: ClaimedRun) => void = () => {};
    const handled = new Promise<ClaimedRun>((resolve) => {
      done = resolve;
    });
    const worker = runWorker({
      baseUrl: app.baseUrl,
      apiKey: admin,
      workspaceId,
      concurrency: 1,
      idleBackoff: { initialMs: 20, maxMs: 100 },
      stopOnSignals: false,
      logger: quiet,
      handler: async (run: ClaimedRun, { files }: RunContext) => {
        const got = await files.download((run.input as { file_id: string }).file_id);
        // The output: every byte of the input inverted, written while the input is read.
        const inverted = (async function* () {
          for await (const part of got.body) yield Uint8Array.from(part, (byte) => 255 - byte);
        })();
        const output = await files.upload({ workspaceId: run.workspace_id, name: 'out.bin', body: inverted });
        done(run);
        return { file_id: output.id, size: got.size, sha256: got.sha256 };
      },
    });
    const run = await handled;
    await worker.stop();
    expect(run.id).to.equal(started.id);
    const finished = await c.getRun(principal, started.id);
    expect(finished.status).to.equal('succeeded');
    const output = finished.output as { file_id: string; size: number; sha256: string };
    expect(output.size).to.equal(input.length);
    expect(output.sha256).to.equal(sha256(input));
    const written = await download(app, owner, `/api/files/${output.file_id}/content`);
    expect(written.bytes.equals(Buffer.from(input.map((byte) => 255 - byte)))).to.equal(true);
  });

  it('downloads a range; a member key may download but not upload; another workspace is 404', async () => {
    const { c, workspaceId, admin, member } = await workspace();
    const other = await workspace();
    const files = (key: string) => platformFiles({ baseUrl: app.baseUrl, credential: apiKey(key) });
    const stored = await files(admin).upload({
      workspaceId,
      name: 'hello.txt',
      contentType: 'text/plain',
      body: new TextEncoder().encode('hello, files'),
    });
    expect(stored).to.deep.include({ name: 'hello.txt', size: 12, content_type: 'text/plain' });
    const part = await files(member).download(stored.id, { range: { start: 7 } });
    expect(part.size).to.equal(5);
    expect((await readAll(part.body)).toString()).to.equal('files');
    const refused = await files(member)
      .upload({ workspaceId, name: 'x.txt', body: new Uint8Array([1]) })
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ApiError);
    expect((refused as ApiError).status).to.equal(403);
    const hidden = await files(other.admin)
      .download(stored.id)
      .catch((error: unknown) => error);
    expect((hidden as ApiError).status).to.equal(404);
    expect(await c.getFile(principal, stored.id)).to.deep.include({ size: 12 });
  });
});
