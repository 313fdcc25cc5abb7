import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { FileUpload } from '../../../src/domain/files/file-upload.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

const uploadOf = (workspaceId: string, createdAt: Date) =>
  FileUpload.start({
    id: randomUUID(),
    workspaceId,
    name: 'u.bin',
    contentType: 'application/octet-stream',
    length: 10,
    createdBy: null,
    createdAt,
  });

describeContract('FileUploadRepository', (world) => {
  it('finds an upload until it expires, leases it to one holder at a time, and deletes it', async () => {
    const { workspace } = await seedUser(world);
    const upload = uploadOf(workspace.id, at(0));
    await world.fileUploads.add(upload);
    expect(await world.fileUploads.findActive(upload.id, at(10))).to.deep.equal(upload);
    expect(await world.fileUploads.findActive(upload.id, upload.expiresAt)).to.equal(undefined);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await world.fileUploads.lease(upload.id, a, at(10), at(70))).to.equal(true);
    expect(await world.fileUploads.lease(upload.id, b, at(20), at(80))).to.equal(false);
    expect(await world.fileUploads.renew(upload.id, a, at(90))).to.equal(true);
    expect(await world.fileUploads.renew(upload.id, b, at(90))).to.equal(false);
    expect(await world.fileUploads.lease(upload.id, b, at(80), at(140))).to.equal(false);
    // a's request died: once its lease ran out, b takes the upload over, and a can neither renew nor release it
    expect(await world.fileUploads.lease(upload.id, b, at(90), at(150))).to.equal(true);
    expect(await world.fileUploads.renew(upload.id, a, at(200))).to.equal(false);
    await world.fileUploads.release(upload.id, a);
    expect(await world.fileUploads.lease(upload.id, c, at(100), at(160))).to.equal(false);
    await world.fileUploads.release(upload.id, b);
    expect(await world.fileUploads.lease(upload.id, c, at(101), at(161))).to.equal(true);
    expect(await world.fileUploads.existingIds([upload.id, randomUUID()])).to.deep.equal([upload.id]);
    await world.fileUploads.delete(upload.id);
    expect(await world.fileUploads.existingIds([upload.id])).to.deep.equal([]);
    expect(await world.fileUploads.findActive(upload.id, at(10))).to.equal(undefined);
    expect(await world.fileUploads.lease(upload.id, a, at(200), at(300))).to.equal(false);
    expect(await world.fileUploads.renew(upload.id, c, at(300))).to.equal(false);
  });

  it('declares a deferred length once', async () => {
    const { workspace } = await seedUser(world);
    const upload = FileUpload.start({ ...uploadOf(workspace.id, at(0)), length: null });
    await world.fileUploads.add(upload);
    expect((await world.fileUploads.findActive(upload.id, at(1)))?.length).to.equal(null);
    await world.fileUploads.declareLength(upload.id, 42);
    await world.fileUploads.declareLength(upload.id, 7);
    expect(await world.fileUploads.findActive(upload.id, at(1))).to.deep.equal(upload.withLength(42));
  });

  it('hands each expired, unleased upload to one of several concurrent sweeps', async () => {
    const { workspace } = await seedUser(world);
    const uploads = Array.from({ length: 12 }, (_, i) => uploadOf(workspace.id, at(i)));
    for (const upload of uploads) await world.fileUploads.add(upload);
    const leased = uploads[0] as FileUpload;
    const later = new Date(leased.expiresAt.getTime() + 60_000);
    await world.fileUploads.lease(leased.id, randomUUID(), later, new Date(later.getTime() + 60_000));
    const sweeps = await Promise.all([1, 2, 3].map(() => world.fileUploads.takeExpired(later, 5)));
    const taken = sweeps.flat().filter((id) => uploads.some((u) => u.id === id));
    expect(new Set(taken).size).to.equal(taken.length);
    const rest = await world.fileUploads.takeExpired(later, 100);
    const all = [...taken, ...rest.filter((id) => uploads.some((u) => u.id === id))];
    expect(all).to.have.members(uploads.slice(1).map((u) => u.id));
  });
});
