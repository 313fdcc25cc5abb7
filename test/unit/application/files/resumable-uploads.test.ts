import { expect } from 'chai';
import { UPLOAD_LEASE_SECONDS } from '../../../../src/application/files/append-upload.ts';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

async function* once(text: string) {
  yield Buffer.from(text);
}

describe('resumable upload use cases (in memory, fixed clock)', () => {
  it('a PATCH that stalls past its lease loses the upload to another, and stores nothing more', async () => {
    const app = await useCases();
    const { principal, personal } = await actor(app);
    const upload = await app.createUpload(principal, {
      workspaceId: personal.id,
      name: 'u.txt',
      contentType: 'text/plain',
      length: 10,
    });
    let wake: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      wake = resolve;
    });
    let sent = false;
    const first = app.appendUpload(principal, upload.id, {
      offset: 0,
      bytes: (async function* () {
        yield Buffer.from('abcd');
        sent = true;
        await stalled;
        yield Buffer.from('XXXXXX');
      })(),
    });
    while (!sent) await new Promise((resolve) => setImmediate(resolve));
    expect(await app.fileStorage.size(upload.id)).to.equal(4);
    const meanwhile = app.appendUpload(principal, upload.id, { offset: 4, bytes: once('efghij') });
    expect((await rejectionOf(meanwhile, DomainError)).code).to.equal('conflict');

    app.clock.advance(UPLOAD_LEASE_SECONDS + 1);
    const resumed = await app.appendUpload(principal, upload.id, { offset: 4, bytes: once('efghij') });
    expect(resumed.offset).to.equal(10);
    expect(resumed.file?.size).to.equal(10);

    wake();
    expect((await rejectionOf(first, DomainError)).code).to.equal('conflict');
    expect(await app.fileStorage.size(upload.id)).to.equal(10);
  });

  it('a deferred length is declared once, by a PATCH, within what the upload holds and the limits', async () => {
    const app = await useCases({ env: { FILE_MAX_BYTES: '100' } });
    const { principal, personal } = await actor(app);
    const upload = await app.createUpload(principal, {
      workspaceId: personal.id,
      name: 'd.txt',
      contentType: undefined,
      length: null,
    });
    const first = await app.appendUpload(principal, upload.id, { offset: 0, bytes: once('abcd') });
    expect(first).to.deep.include({ offset: 4, file: undefined });
    const short = app.appendUpload(principal, upload.id, { offset: 4, bytes: once(''), length: 3 });
    expect((await rejectionOf(short, DomainError)).code).to.equal('invalid_request');
    const huge = app.appendUpload(principal, upload.id, { offset: 4, bytes: once(''), length: 101 });
    expect((await rejectionOf(huge, DomainError)).code).to.equal('payload_too_large');
    const last = await app.appendUpload(principal, upload.id, { offset: 4, bytes: once('ef'), length: 6 });
    expect(last.file?.size).to.equal(6);
  });

  it('a deferred upload may not grow past FILE_MAX_BYTES before it declares its length', async () => {
    const app = await useCases({ env: { FILE_MAX_BYTES: '5' } });
    const { principal, personal } = await actor(app);
    const upload = await app.createUpload(principal, {
      workspaceId: personal.id,
      name: 'd.txt',
      contentType: undefined,
      length: null,
    });
    const over = app.appendUpload(principal, upload.id, { offset: 0, bytes: once('abcdef') });
    expect((await rejectionOf(over, DomainError)).code).to.equal('payload_too_large');
  });

  it('termination removes the upload and its bytes; an outsider cannot see it', async () => {
    const app = await useCases();
    const owner = await actor(app);
    const outsider = await actor(app);
    const upload = await app.createUpload(owner.principal, {
      workspaceId: owner.personal.id,
      name: 't.txt',
      contentType: undefined,
      length: 10,
    });
    await app.appendUpload(owner.principal, upload.id, { offset: 0, bytes: once('abc') });
    const hidden = app.terminateUpload(outsider.principal, upload.id);
    expect((await rejectionOf(hidden, DomainError)).code).to.equal('not_found');
    await app.terminateUpload(owner.principal, upload.id);
    expect(await app.fileStorage.size(upload.id)).to.equal(0);
    const gone = app.getUploadProgress(owner.principal, upload.id);
    expect((await rejectionOf(gone, DomainError)).code).to.equal('not_found');
  });
});
