import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { UPLOAD_LEASE_SECONDS } from '../../../src/application/files/append-upload.ts';
import { value } from '../../../src/composition/registration.ts';
import { api } from '../../support/api.ts';
import { download } from '../../support/file-requests.ts';
import { workspaceOverHttp } from '../../support/http-suite.ts';
import { signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const MIB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A PATCH whose instance died holds its upload only until its lease runs out: two instances on one database,
 * the first one's request stalled mid-body (as a crashed server leaves it: the lease taken, never given back),
 * the second one's clock past the lease.
 */
describe('tus: a stalled or crashed PATCH gives its upload up after the lease (two instances, PostgreSQL)', () => {
  const shift = { ms: 0 };
  const clock = value({ now: () => new Date(Date.now() + shift.ms) });
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    const env = { FILE_STORAGE: 'postgres', FILE_MAX_BYTES: String(8 * MIB) };
    first = await startTestApp(env, { overrides: { clock } });
    second = await startTestApp(env, { overrides: { clock } });
  });
  after(async () => {
    await first?.close();
    await second?.close();
  });

  it('lets another instance take the upload over, and the stalled request writes nothing more', async () => {
    const owner = await signUp(first);
    const workspace = await workspaceOverHttp(first, owner, 'Lease');
    const bytes = randomBytes(3 * MIB);
    // An API key: the two instances' access tokens name each its own PUBLIC_URL.
    const key = await api(first, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'uploader',
      role: 'admin',
    });
    const auth = { authorization: `Bearer ${key.body.key}` };
    const tus = { ...auth, 'tus-resumable': '1.0.0' };
    const created = await first.request(`/api/uploads?workspace_id=${workspace.id}&name=l.bin`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length) },
    });
    const path = created.headers.get('location') as string;
    const offsetOn = async (app: TestApp) =>
      Number((await app.request(path, { method: 'HEAD', headers: tus })).headers.get('upload-offset'));

    // The first instance's PATCH sends 1 MiB of its 3 MiB, then nothing.
    const url = new URL(`${first.baseUrl}${path}`);
    const stalled = httpRequest(url, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    const stalledAnswer = new Promise<number | string>((resolve) => {
      stalled.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      stalled.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? 'error'));
    });
    stalled.write(bytes.subarray(0, MIB + MIB / 2));
    const deadline = Date.now() + 15_000;
    while ((await offsetOn(second)) < MIB && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    // What the first request stored: a piece of about 1 MiB (the rest it read stays buffered).
    const kept = await offsetOn(second);
    expect(kept).to.be.within(MIB, MIB + MIB / 2);

    const patchOnSecond = (offset: number, body: Uint8Array) =>
      second.request(path, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    // While the lease runs, the upload is the first request's.
    expect((await patchOnSecond(kept, bytes.subarray(kept))).status).to.equal(409);

    shift.ms = (UPLOAD_LEASE_SECONDS + 1) * 1000;
    const resumed = await patchOnSecond(kept, bytes.subarray(kept));
    expect(resumed.status).to.equal(204);
    const fileId = resumed.headers.get('upload-file-id') as string;
    expect(fileId).to.be.a('string');

    // The stalled request wakes up: it lost the upload, so its bytes go nowhere.
    stalled.end(bytes.subarray(MIB + MIB / 2));
    expect(await stalledAnswer).to.be.oneOf([409, 'ECONNRESET', 'EPIPE']);
    const file = await download(second, { auth }, `/api/files/${fileId}/content`);
    expect(file.bytes.length).to.equal(bytes.length);
    expect(sha256(file.bytes)).to.equal(sha256(bytes));
    expect(await first.container.cradle.fileStorage.size(fileId)).to.equal(bytes.length);
  });
});
