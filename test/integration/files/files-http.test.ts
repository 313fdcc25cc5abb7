import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { download, uploadMultipart, uploadRaw } from '../../support/file-requests.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { startTestS3, type TestS3 } from '../../support/test-s3.ts';

const s3Env = (s3: TestS3) => ({
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

const MAX = 256 * 1024;
const QUOTA = 700 * 1024;
/** The first bytes of a PDF: what a sniffer recognises. */
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n', 'latin1');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

for (const storage of ['postgres', 'filesystem', 's3', 'memory'] as const) {
  describe(`files over HTTP (FILE_STORAGE=${storage})`, () => {
    let dataDir = '';
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'files-'));
    });
    let s3: TestS3 | undefined;
    after(async () => {
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const app = suiteApp(async () => {
      if (storage === 's3') s3 = await startTestS3();
      return {
        ...(s3 ? s3Env(s3) : {}),
        FILE_STORAGE: storage,
        DATA_DIR: dataDir,
        FILE_MAX_BYTES: String(MAX),
        WORKSPACE_STORAGE_QUOTA_BYTES: String(QUOTA),
      };
    });
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Files');
    const list = async () =>
      (await api(app, owner, 'GET', `/api/files?workspace_id=${workspace.id}`)).body.items;

    it('stores a raw upload, lists it, reads it back byte for byte, and deletes it', async () => {
      const bytes = randomBytes(200 * 1024 + 17);
      const created = await uploadRaw(app, owner, workspace.id, 'report.bin', bytes, { chunked: true });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body).to.deep.include({
        workspace_id: workspace.id,
        name: 'report.bin',
        content_type: 'application/octet-stream',
        size: bytes.length,
        sha256: sha256(bytes),
        created_by: owner.userId,
      });
      expect(created.headers.get('location')).to.equal(`/api/files/${created.body.id}`);
      expect((await api(app, owner, 'GET', `/api/files/${created.body.id}`)).body).to.deep.equal(
        created.body,
      );
      expect((await list()).map((f: { id: string }) => f.id)).to.include(created.body.id);
      const got = await download(app, owner, `/api/files/${created.body.id}/content`);
      expect(got.status).to.equal(200);
      expect(got.bytes.equals(bytes)).to.equal(true);
      expect(got.headers.get('etag')).to.equal(`"${sha256(bytes)}"`);
      expect(got.headers.get('content-length')).to.equal(String(bytes.length));
      expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(got.headers.get('content-security-policy')).to.equal('sandbox');
      expect(got.headers.get('accept-ranges')).to.equal('bytes');
      const deleted = await api(app, owner, 'DELETE', `/api/files/${created.body.id}`);
      expect(deleted.status).to.equal(204);
      expect((await api(app, owner, 'GET', `/api/files/${created.body.id}`)).status).to.equal(404);
      expect((await download(app, owner, `/api/files/${created.body.id}/content`)).status).to.equal(404);
      expect(await app.container.cradle.fileStorage.size(created.body.id)).to.equal(0);
    });

    it('takes the part named file of a multipart body, its filename and its sniffed type', async () => {
      const form = new FormData();
      form.append('file', new Blob([PDF], { type: 'text/plain' }), 'doc.png');
      const created = await uploadMultipart(app, owner, workspace.id, form);
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body).to.deep.include({
        name: 'doc.png',
        content_type: 'application/pdf',
        size: PDF.length,
      });
      const got = await download(app, owner, `/api/files/${created.body.id}/content`);
      expect(got.bytes.equals(PDF)).to.equal(true);
      expect(got.headers.get('content-type')).to.equal('application/pdf');
    });

    it('refuses a multipart body without a file part, or with another part, storing nothing', async () => {
      const before = (await list()).length;
      const noFile = new FormData();
      noFile.append('other', 'x');
      expect((await uploadMultipart(app, owner, workspace.id, noFile)).status).to.equal(400);
      const two = new FormData();
      two.append('file', new Blob([Buffer.from('a')]), 'a.txt');
      two.append('file', new Blob([Buffer.from('b')]), 'b.txt');
      const refused = await uploadMultipart(app, owner, workspace.id, two);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
      expect((await list()).length).to.equal(before);
    });

    it('keeps the sender type when the bytes show nothing else, and names the file per RFC 6266', async () => {
      const name = 'résumé "final"; 100%.txt';
      const created = await uploadRaw(app, owner, workspace.id, name, Buffer.from('hello'), {
        type: 'text/plain; charset=utf-8',
      });
      expect(created.body.content_type).to.equal('text/plain');
      const got = await download(app, owner, `/api/files/${created.body.id}/content`);
      expect(got.headers.get('content-disposition')).to.equal(
        `attachment; filename="r_sum_ _final_; 100_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%3B%20100%25.txt`,
      );
    });

    it('serves ranges (206), refuses one past the end (416) and answers 304 to its own ETag', async () => {
      const bytes = randomBytes(5000);
      const { body: file } = await uploadRaw(app, owner, workspace.id, 'r.bin', bytes);
      const path = `/api/files/${file.id}/content`;
      const part = await download(app, owner, path, { range: 'bytes=10-19' });
      expect(part.status).to.equal(206);
      expect(part.headers.get('content-range')).to.equal('bytes 10-19/5000');
      expect(part.bytes.equals(bytes.subarray(10, 20))).to.equal(true);
      const tail = await download(app, owner, path, { range: 'bytes=-100' });
      expect(tail.bytes.equals(bytes.subarray(4900))).to.equal(true);
      const open = await download(app, owner, path, { range: 'bytes=4990-' });
      expect(open.bytes.equals(bytes.subarray(4990))).to.equal(true);
      const beyond = await download(app, owner, path, { range: 'bytes=5000-' });
      expect(beyond.status).to.equal(416);
      expect(beyond.headers.get('content-range')).to.equal('bytes */5000');
      const cached = await download(app, owner, path, { 'if-none-match': `W/"x", "${file.sha256}"` });
      expect(cached.status).to.equal(304);
      expect(cached.bytes.length).to.equal(0);
      const stale = await download(app, owner, path, { range: 'bytes=0-0', 'if-range': '"other"' });
      expect(stale.status).to.equal(200);
      expect(stale.bytes.length).to.equal(5000);
    });

    it('refuses a file over FILE_MAX_BYTES with 413, declared or streamed, and keeps nothing', async () => {
      const before = (await list()).length;
      const big = randomBytes(MAX + 1);
      const declared = await uploadRaw(app, owner, workspace.id, 'big.bin', big);
      expect(declared.status).to.equal(413);
      expect(declared.body.code).to.equal('payload_too_large');
      const streamed = await uploadRaw(app, owner, workspace.id, 'big.bin', big, { chunked: true });
      expect(streamed.status).to.equal(413);
      expect(streamed.body.code).to.equal('payload_too_large');
      expect((await list()).length).to.equal(before);
    });

    it('refuses what passes the workspace quota with 413 storage_quota_exceeded; a deletion frees room', async () => {
      const own = await api(app, owner, 'POST', '/api/workspaces', { name: 'Quota' });
      const id = own.body.id as string;
      const chunk = randomBytes(MAX);
      const first = await uploadRaw(app, owner, id, 'a', chunk, { chunked: true });
      const second = await uploadRaw(app, owner, id, 'b', chunk, { chunked: true });
      expect([first.status, second.status]).to.deep.equal([201, 201]);
      const third = await uploadRaw(app, owner, id, 'c', chunk, { chunked: true });
      expect(third.status).to.equal(413);
      expect(third.body.code).to.equal('storage_quota_exceeded');
      const declared = await uploadRaw(app, owner, id, 'c', chunk);
      expect(declared.body.code).to.equal('storage_quota_exceeded');
      await api(app, owner, 'DELETE', `/api/files/${first.body.id}`);
      expect((await uploadRaw(app, owner, id, 'c', chunk, { chunked: true })).status).to.equal(201);
    });

    it('serves a signed link without credentials until the file is deleted', async () => {
      const bytes = randomBytes(3000);
      const { body: file } = await uploadRaw(app, owner, workspace.id, 'shared.bin', bytes);
      const made = await api(app, owner, 'POST', `/api/files/${file.id}/links`, { expires_in_seconds: 600 });
      expect(made.status).to.equal(201);
      const url = new URL(made.body.url);
      expect(url.origin).to.equal(app.baseUrl);
      expect(url.pathname).to.match(/^\/api\/files\/download\//);
      const expiresAt = new Date(made.body.expires_at).getTime();
      expect(expiresAt - Date.now()).to.be.within(598_000, 601_000);
      const got = await download(app, undefined, url.pathname, { range: 'bytes=0-9' });
      expect(got.status).to.equal(206);
      expect(got.bytes.equals(bytes.subarray(0, 10))).to.equal(true);
      expect(got.headers.get('content-security-policy')).to.equal('sandbox');
      await api(app, owner, 'DELETE', `/api/files/${file.id}`);
      const gone = await download(app, undefined, url.pathname);
      expect(gone.status).to.equal(404);
    });

    it('refuses expired, forged, re-encoded and borrowed link signatures alike (404)', async () => {
      const { body: a } = await uploadRaw(app, owner, workspace.id, 'a.bin', Buffer.from('a'));
      const { body: b } = await uploadRaw(app, owner, workspace.id, 'b.bin', Buffer.from('b'));
      const signer = app.container.cradle.fileLinkSigner;
      const later = new Date(Date.now() + 3600_000);
      const good = signer.sign({ fileId: a.id, expiresAt: later });
      expect((await download(app, undefined, `/api/files/download/${good}`)).status).to.equal(200);
      const [id, expiry, mac] = good.split('.') as [string, string, string];
      const other = signer.sign({ fileId: b.id, expiresAt: later }).split('.')[2] as string;
      // The last character's two low bits are padding: the next character decodes to the very same MAC.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const lastBits = mac.slice(0, -1) + alphabet[alphabet.indexOf(mac.at(-1) as string) + 1];
      expect(Buffer.from(lastBits, 'base64url').equals(Buffer.from(mac, 'base64url'))).to.equal(true);
      const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
      const forged = [
        signer.sign({ fileId: a.id, expiresAt: new Date(Date.now() - 1000) }),
        `${id}.${Number(expiry) + 1}.${mac}`,
        `${id}.0${expiry}.${mac}`,
        `${id.toUpperCase()}.${expiry}.${mac}`,
        `${id}.${expiry}.${mac}=`,
        `${id}.${expiry}.${Buffer.from(mac, 'base64url').toString('base64').replace(/=+$/, '')}`,
        `${id}.${expiry}.${lastBits}`,
        `${id}.${expiry}.${flipped}`,
        `${id}.${expiry}.${other}`,
        `${b.id}.${expiry}.${mac}`,
        `${id}.${expiry}.${Buffer.from(mac, 'base64url').toString('hex')}`,
        `${id}.${expiry}`,
      ];
      for (const link of forged) {
        if (link === good) continue;
        const response = await app.request(`/api/files/download/${encodeURIComponent(link)}`);
        expect(response.status, link).to.be.oneOf([400, 404]);
        expect(((await response.json()) as { code: string }).code, link).to.be.oneOf([
          'not_found',
          'validation_failed',
        ]);
      }
      const tooLong = await api(app, owner, 'POST', `/api/files/${a.id}/links`, {
        expires_in_seconds: 7 * 86400 + 1,
      });
      expect(tooLong.status).to.equal(400);
    });

    it('refuses a raw upload without a name, and a compressed body', async () => {
      const response = await app.request(`/api/files?workspace_id=${workspace.id}`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-type': 'application/octet-stream' },
        body: 'x',
      });
      expect(response.status).to.equal(400);
      const gz = await app.request(`/api/files?workspace_id=${workspace.id}&name=a`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-encoding': 'gzip' },
        body: 'x',
      });
      expect(gz.status).to.equal(415);
    });
  });
}
