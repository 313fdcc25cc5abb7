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
    expect(await world.fileUploads.lease(upload.id, at(10), at(70))).to.equal(true);
    expect(await world.fileUploads.lease(upload.id, at(20), at(80))).to.equal(false);
    expect(await world.fileUploads.lease(upload.id, at(70), at(130))).to.equal(true);
    await world.fileUploads.release(upload.id);
    expect(await world.fileUploads.lease(upload.id, at(71), at(131))).to.equal(true);
    expect(await world.fileUploads.existingIds([upload.id, randomUUID()])).to.deep.equal([upload.id]);
    await world.fileUploads.delete(upload.id);
    expect(await world.fileUploads.existingIds([upload.id])).to.deep.equal([]);
    expect(await world.fileUploads.findActive(upload.id, at(10))).to.equal(undefined);
    expect(await world.fileUploads.lease(upload.id, at(200), at(300))).to.equal(false);
  });

  it('hands each expired, unleased upload to one of several concurrent sweeps', async () => {
    const { workspace } = await seedUser(world);
    const uploads = Array.from({ length: 12 }, (_, i) => uploadOf(workspace.id, at(i)));
    for (const upload of uploads) await world.fileUploads.add(upload);
    const leased = uploads[0] as FileUpload;
    const later = new Date(leased.expiresAt.getTime() + 60_000);
    await world.fileUploads.lease(leased.id, later, new Date(later.getTime() + 60_000));
    const sweeps = await Promise.all([1, 2, 3].map(() => world.fileUploads.takeExpired(later, 5)));
    const taken = sweeps.flat().filter((id) => uploads.some((u) => u.id === id));
    expect(new Set(taken).size).to.equal(taken.length);
    const rest = await world.fileUploads.takeExpired(later, 100);
    const all = [...taken, ...rest.filter((id) => uploads.some((u) => u.id === id))];
    expect(all).to.have.members(uploads.slice(1).map((u) => u.id));
  });
});
