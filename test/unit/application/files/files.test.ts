import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { fileName } from '../../../../src/domain/files/stored-file.ts';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { FixedClock } from '../../../support/auth-fakes.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

async function* once(bytes: Uint8Array) {
  yield bytes;
}

describe('files use cases (in memory)', () => {
  it('uploads within the limits, sniffs the type, frees the quota on deletion, and never keeps refused bytes', async () => {
    const app = await useCases({ env: { FILE_MAX_BYTES: '100', WORKSPACE_STORAGE_QUOTA_BYTES: '150' } });
    const { principal, personal } = await actor(app);
    const upload = (size: number, declared?: number) =>
      app.uploadFile(principal, {
        workspaceId: personal.id,
        name: 'dir/a.bin',
        contentType: 'image/png',
        declaredSize: declared,
        bytes: once(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)])),
      });
    expect((await rejectionOf(upload(101), DomainError)).code).to.equal('payload_too_large');
    expect((await rejectionOf(upload(20, 101), DomainError)).code).to.equal('payload_too_large');
    const file = await upload(90);
    expect(file.name).to.equal('a.bin');
    expect(file.contentType).to.equal('application/pdf');
    expect(await app.fileStorage.size(file.id)).to.equal(90);
    expect((await rejectionOf(upload(61), DomainError)).code).to.equal('storage_quota_exceeded');
    expect(await app.files.usedBytes(personal.id)).to.equal(90);
    await app.deleteFile(principal, file.id);
    expect(await app.fileStorage.size(file.id)).to.equal(0);
    expect((await upload(100)).size).to.equal(100);
  });

  it('refuses a member, hides the file from an outsider, and signs links that die with the file', async () => {
    const app = await useCases();
    const owner = await actor(app);
    const outsider = await actor(app);
    const file = await app.uploadFile(owner.principal, {
      workspaceId: owner.personal.id,
      name: 'x',
      contentType: undefined,
      bytes: once(Buffer.from('x')),
    });
    expect((await rejectionOf(app.getFile(outsider.principal, file.id), DomainError)).code).to.equal(
      'not_found',
    );
    const upload = app.uploadFile(outsider.principal, {
      workspaceId: owner.personal.id,
      name: 'y',
      contentType: undefined,
      bytes: once(Buffer.from('y')),
    });
    expect((await rejectionOf(upload, DomainError)).code).to.equal('not_found');
    const link = await app.createFileLink(owner.principal, file.id, 60);
    expect((await app.readLinkedFile(link.token, undefined)).file.id).to.equal(file.id);
    app.clock.advance(61);
    expect((await rejectionOf(app.readLinkedFile(link.token, undefined), DomainError)).code).to.equal(
      'not_found',
    );
    const fresh = await app.createFileLink(owner.principal, file.id, 60);
    await app.deleteFile(owner.principal, file.id);
    expect((await rejectionOf(app.readLinkedFile(fresh.token, undefined), DomainError)).code).to.equal(
      'not_found',
    );
  });

  it('keeps the last segment of a path as the name and refuses empty or control-character names', () => {
    expect(fileName('C:\\Users\\a\\report.pdf')).to.equal('report.pdf');
    expect(fileName('../../etc/passwd')).to.equal('passwd');
    for (const bad of ['', '..', 'dir/', 'a\u0007b', 'x'.repeat(256)]) expect(() => fileName(bad)).to.throw();
  });

  it('sweeps the bytes no file or upload names once unwritten for an hour, and keeps every other', async () => {
    // The machine's clock stamps the writes; the use case looks two hours later.
    const app = await useCases({ doubles: { clock: new FixedClock(new Date(Date.now() + 2 * 3600_000)) } });
    const { principal, personal } = await actor(app);
    const file = await app.uploadFile(principal, {
      workspaceId: personal.id,
      name: 'kept.bin',
      contentType: undefined,
      bytes: once(Buffer.from('kept')),
    });
    const upload = await app.createUpload(principal, {
      workspaceId: personal.id,
      name: 'u.bin',
      contentType: undefined,
      length: 10,
    });
    await app.appendUpload(principal, upload.id, { offset: 0, bytes: once(Buffer.from('half')) });
    await app.fileStorage.append('00000000-0000-4000-8000-000000000001', once(Buffer.from('orphan')));
    expect(await app.sweepOrphanedBytes()).to.equal(1);
    expect(await app.fileStorage.size('00000000-0000-4000-8000-000000000001')).to.equal(0);
    expect(await app.fileStorage.size(file.id)).to.equal(4);
    expect(await app.fileStorage.size(upload.id)).to.equal(4);
    expect(await app.sweepOrphanedBytes()).to.equal(0);
  });
});
