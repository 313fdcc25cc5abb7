import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import * as tus from 'tus-js-client';
import { api } from '../../support/api.ts';
import { download } from '../../support/file-requests.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs a tus-js-client upload to its end; resolves with the upload (its url), rejects with its error. */
function finish(upload: tus.Upload): Promise<tus.Upload> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve(upload);
    upload.options.onError = reject;
    upload.start();
  });
}

for (const storage of ['postgres', 'memory'] as const) {
  describe(`resumable uploads with tus-js-client (FILE_STORAGE=${storage})`, () => {
    const app = suiteApp({ FILE_STORAGE: storage, FILE_MAX_BYTES: String(8 * 1024 * 1024) });
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Tus');
    const endpoint = () => `${app.baseUrl}/api/uploads?workspace_id=${workspace.id}`;
    const options = (extra: Partial<tus.UploadOptions> = {}): tus.UploadOptions => ({
      endpoint: endpoint(),
      headers: owner.auth,
      metadata: { filename: 'big.bin', filetype: 'application/octet-stream' },
      retryDelays: [],
      ...extra,
    });
    const fileIdOf = async (upload: tus.Upload) => {
      const response = await app.request(new URL(upload.url as string).pathname, {
        method: 'HEAD',
        headers: { ...owner.auth, 'tus-resumable': '1.0.0' },
      });
      return response.status;
    };

    it('uploads a file in chunks; the last PATCH makes the file and the upload is gone', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 5);
      let fileId: string | null = null;
      const upload = new tus.Upload(
        bytes,
        options({
          chunkSize: 1024 * 1024,
          onAfterResponse: (_request, response) => {
            fileId = response.getHeader('Upload-File-Id') ?? fileId;
          },
        }),
      );
      await finish(upload);
      expect(fileId).to.be.a('string');
      const file = await api(app, owner, 'GET', `/api/files/${fileId}`);
      expect(file.body).to.deep.include({ name: 'big.bin', size: bytes.length, sha256: sha256(bytes) });
      const got = await download(app, owner, `/api/files/${fileId}/content`);
      expect(got.bytes.equals(bytes)).to.equal(true);
      expect(await fileIdOf(upload)).to.equal(404);
    });

    it('resumes after an interrupted PATCH from the bytes the server kept', async () => {
      const MIB = 1024 * 1024;
      const bytes = randomBytes(6 * MIB);
      const path = { value: '' };
      const offset = async () => {
        const head = await app.request(path.value, {
          method: 'HEAD',
          headers: { ...owner.auth, 'tus-resumable': '1.0.0' },
        });
        return Number(head.headers.get('upload-offset'));
      };
      // The first PATCH sends 3 MiB, then stalls: the connection breaks while the server is reading it.
      let release = () => {};
      const stalled = new Promise<void>((resolve) => {
        release = resolve;
      });
      const source = Readable.from(
        (async function* () {
          yield bytes.subarray(0, 3 * MIB);
          await stalled;
        })(),
      );
      const first = new tus.Upload(source, options({ chunkSize: 6 * MIB, uploadSize: bytes.length }));
      first.options.onError = () => {};
      first.start();
      const deadline = Date.now() + 15_000;
      while (!first.url && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      path.value = new URL(first.url as string).pathname;
      while ((await offset()) < 2 * MIB && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await first.abort();
      release();
      let kept = await offset();
      while (kept < 3 * MIB && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        kept = await offset();
      }
      expect(kept).to.equal(3 * MIB);
      let fileId: string | null = null;
      let resumedFrom = -1;
      const second = new tus.Upload(
        bytes,
        options({
          uploadUrl: first.url,
          // the first PATCH may still hold the upload a moment (409): tus-js-client retries that
          retryDelays: [50, 200, 500, 1000],
          onAfterResponse: (request, response) => {
            if (request.getMethod() === 'HEAD') resumedFrom = Number(response.getHeader('Upload-Offset'));
            fileId = response.getHeader('Upload-File-Id') ?? fileId;
          },
        }),
      );
      await finish(second);
      expect(resumedFrom).to.equal(3 * MIB);
      const got = await download(app, owner, `/api/files/${fileId}/content`);
      expect(got.bytes.equals(bytes)).to.equal(true);
    });

    it('speaks the protocol: 412 without Tus-Resumable, 409 at a wrong offset, 415 without the offset type, 413 past the length', async () => {
      const create = (headers: Record<string, string>) =>
        app.request(`/api/uploads?workspace_id=${workspace.id}&name=x.bin`, {
          method: 'POST',
          headers: { ...owner.auth, ...headers },
        });
      expect((await create({ 'upload-length': '10' })).status).to.equal(412);
      const tooBig = await create({ 'tus-resumable': '1.0.0', 'upload-length': String(9 * 1024 * 1024) });
      expect(tooBig.status).to.equal(413);
      const created = await create({ 'tus-resumable': '1.0.0', 'upload-length': '10' });
      expect(created.status).to.equal(201);
      expect(created.headers.get('tus-resumable')).to.equal('1.0.0');
      const path = created.headers.get('location') as string;
      const patch = (offset: number, body: string, type = 'application/offset+octet-stream') =>
        app.request(path, {
          method: 'PATCH',
          headers: {
            ...owner.auth,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': type,
          },
          body,
        });
      expect((await patch(0, 'abcd', 'application/octet-stream')).status).to.equal(415);
      expect((await patch(3, 'abcd')).status).to.equal(409);
      const first = await patch(0, 'abcd');
      expect(first.status).to.equal(204);
      expect(first.headers.get('upload-offset')).to.equal('4');
      expect((await patch(4, 'efghijklmn')).status).to.equal(413);
      const last = await patch(4, 'efghij');
      expect(last.status).to.equal(204);
      const fileId = last.headers.get('upload-file-id') as string;
      const got = await download(app, owner, `/api/files/${fileId}/content`);
      expect(got.bytes.toString()).to.equal('abcdefghij');
      const options = await app.request('/api/uploads', { method: 'OPTIONS' });
      expect(options.status).to.equal(204);
      expect(options.headers.get('tus-version')).to.equal('1.0.0');
      expect(options.headers.get('tus-extension')).to.equal(
        'creation,creation-with-upload,creation-defer-length,termination,expiration',
      );
    });

    it('creation-with-upload: the creation carries the first bytes (all of a small file)', async () => {
      const small = randomBytes(1000);
      let fileId: string | null = null;
      let created = 0;
      const upload = new tus.Upload(
        small,
        options({
          uploadDataDuringCreation: true,
          onAfterResponse: (request, response) => {
            if (request.getMethod() === 'POST') created = response.getStatus();
            fileId = response.getHeader('Upload-File-Id') ?? fileId;
          },
        }),
      );
      await finish(upload);
      expect(created).to.equal(201);
      expect(fileId).to.be.a('string');
      const got = await download(app, owner, `/api/files/${fileId}/content`);
      expect(got.bytes.equals(small)).to.equal(true);
      // a large one: the creation carries the first chunk, PATCHes the rest
      const large = randomBytes(2 * 1024 * 1024 + 3);
      const methods: string[] = [];
      const chunked = new tus.Upload(
        large,
        options({
          uploadDataDuringCreation: true,
          chunkSize: 1024 * 1024,
          onAfterResponse: (request, response) => {
            methods.push(request.getMethod());
            fileId = response.getHeader('Upload-File-Id') ?? fileId;
          },
        }),
      );
      await finish(chunked);
      expect(methods).to.deep.equal(['POST', 'PATCH', 'PATCH']);
      expect((await download(app, owner, `/api/files/${fileId}/content`)).bytes.equals(large)).to.equal(true);
    });

    it('creation-defer-length: a stream of unknown size declares its length on the last PATCH', async () => {
      const bytes = randomBytes(2 * 1024 * 1024 + 11);
      let fileId: string | null = null;
      const lengths: (string | undefined)[] = [];
      const stream = Readable.from(
        (async function* () {
          for (let at = 0; at < bytes.length; at += 300_000) yield bytes.subarray(at, at + 300_000);
        })(),
      );
      const upload = new tus.Upload(
        stream,
        options({
          uploadLengthDeferred: true,
          chunkSize: 1024 * 1024,
          onBeforeRequest: (request) => {
            if (request.getMethod() === 'PATCH') lengths.push(request.getHeader('Upload-Length'));
          },
          onAfterResponse: (_request, response) => {
            fileId = response.getHeader('Upload-File-Id') ?? fileId;
          },
        }),
      );
      await finish(upload);
      expect(lengths.at(-1)).to.equal(String(bytes.length));
      expect(lengths.slice(0, -1).every((length) => length === undefined)).to.equal(true);
      const got = await download(app, owner, `/api/files/${fileId}/content`);
      expect(got.bytes.equals(bytes)).to.equal(true);
    });

    it('creation-defer-length over HTTP: HEAD says deferred, a PATCH declares it once, within the limits', async () => {
      const created = await app.request(`/api/uploads?workspace_id=${workspace.id}&name=d.bin`, {
        method: 'POST',
        headers: { ...owner.auth, 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
      });
      expect(created.status).to.equal(201);
      const path = created.headers.get('location') as string;
      const head = async () =>
        app.request(path, { method: 'HEAD', headers: { ...owner.auth, 'tus-resumable': '1.0.0' } });
      const before = await head();
      expect(before.headers.get('upload-defer-length')).to.equal('1');
      expect(before.headers.get('upload-length')).to.equal(null);
      const patch = (offset: number, body: string, extra: Record<string, string> = {}) =>
        app.request(path, {
          method: 'PATCH',
          headers: {
            ...owner.auth,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            ...extra,
          },
          body,
        });
      expect((await patch(0, 'abcd')).status).to.equal(204);
      expect((await patch(4, '', { 'upload-length': '3' })).status).to.equal(400);
      expect((await patch(4, '', { 'upload-length': String(9 * 1024 * 1024) })).status).to.equal(413);
      const last = await patch(4, 'ef', { 'upload-length': '6' });
      expect(last.status).to.equal(204);
      const fileId = last.headers.get('upload-file-id') as string;
      expect((await download(app, owner, `/api/files/${fileId}/content`)).bytes.toString()).to.equal(
        'abcdef',
      );
      const both = await app.request(`/api/uploads?workspace_id=${workspace.id}&name=d.bin`, {
        method: 'POST',
        headers: {
          ...owner.auth,
          'tus-resumable': '1.0.0',
          'upload-defer-length': '1',
          'upload-length': '5',
        },
      });
      expect(both.status).to.equal(400);
    });

    it('termination: the upload and its bytes are gone, HEAD and PATCH answer 404', async () => {
      const c = app.container.cradle;
      const bytes = randomBytes(3 * 1024 * 1024);
      const upload = new tus.Upload(bytes, options({ chunkSize: 1024 * 1024 }));
      let patches = 0;
      await new Promise<void>((resolve, reject) => {
        upload.options.onError = reject;
        upload.options.onChunkComplete = () => {
          patches += 1;
          if (patches === 1) upload.abort(true).then(resolve, reject);
        };
        upload.start();
      });
      const id = new URL(upload.url as string).pathname.split('/').pop() as string;
      expect(await fileIdOf(upload)).to.equal(404);
      expect(await c.fileStorage.size(id)).to.equal(0);
      const again = await app.request(`/api/uploads/${id}`, {
        method: 'DELETE',
        headers: { ...owner.auth, 'tus-resumable': '1.0.0' },
      });
      expect(again.status).to.equal(404);
    });

    it('forgets an unfinished upload and its bytes 24 h after it began', async () => {
      const c = app.container.cradle;
      const created = await app.request(`/api/uploads?workspace_id=${workspace.id}&name=x.bin`, {
        method: 'POST',
        headers: { ...owner.auth, 'tus-resumable': '1.0.0', 'upload-length': '100' },
      });
      const path = created.headers.get('location') as string;
      const id = path.split('/').pop() as string;
      await app.request(path, {
        method: 'PATCH',
        headers: {
          ...owner.auth,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: 'partial',
      });
      expect(await c.fileStorage.size(id)).to.equal(7);
      const later = new Date(Date.now() + 24 * 3600 * 1000 + 1000);
      const taken = await c.fileUploads.takeExpired(later, 1000);
      expect(taken).to.include(id);
      for (const key of taken) await c.fileStorage.delete(key);
      expect(await c.fileStorage.size(id)).to.equal(0);
      const head = await app.request(path, {
        method: 'HEAD',
        headers: { ...owner.auth, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).to.equal(404);
    });
  });
}
