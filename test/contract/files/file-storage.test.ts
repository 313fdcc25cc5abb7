import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { collect, FILE_STORAGES, piecesOf, type StorageUnderTest } from '../../support/file-storages.ts';

for (const [name, make] of Object.entries(FILE_STORAGES)) {
  describe(`FileStorage contract (${name})`, () => {
    let under: StorageUnderTest;
    before(async () => {
      under = await make();
    });
    after(() => under.release());

    it('appends streamed bytes, reports their size, reads them whole and by range, and deletes them', async () => {
      const { storage } = under;
      const key = randomUUID();
      const bytes = randomBytes(2.5 * 1024 * 1024 + 123);
      await storage.append(key, piecesOf(bytes, 70_000));
      expect(await storage.size(key)).to.equal(bytes.length);
      expect((await collect(storage.read(key))).equals(bytes)).to.equal(true);
      for (const [start, end] of [
        [0, 0],
        [1024 * 1024 - 1, 1024 * 1024 + 1],
        [5, 2 * 1024 * 1024 + 7],
        [bytes.length - 10, bytes.length - 1],
      ] as const) {
        const part = await collect(storage.read(key, { start, end }));
        expect(part.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).to.equal(true);
      }
      await storage.delete(key);
      expect(await storage.size(key)).to.equal(0);
      await storage.delete(key);
    });

    it('lists the keys of the objects last written before a time, each once', async () => {
      const { storage } = under;
      const [kept, gone] = [randomUUID(), randomUUID()];
      await storage.append(kept, piecesOf(randomBytes(2_200_000), 500_000));
      await storage.append(gone, piecesOf(randomBytes(10), 10));
      await storage.delete(gone);
      const keys = async (before: Date) => {
        const all: string[] = [];
        for await (const key of storage.keysWrittenBefore(before)) all.push(key);
        return all;
      };
      const later = await keys(new Date(Date.now() + 60_000));
      expect(later.filter((key) => key === kept)).to.have.length(1);
      expect(later).to.not.include(gone);
      expect(await keys(new Date(Date.now() - 60_000))).to.not.include(kept);
      await storage.delete(kept);
    });

    it('asks beforeWrite before storing bytes; once it refuses, nothing more is stored, not even buffered bytes', async () => {
      const { storage } = under;
      const key = randomUUID();
      const bytes = randomBytes(200_000);
      let allowed = true;
      let asked = 0;
      async function* source() {
        yield bytes.subarray(0, 100_000);
        allowed = false;
        yield bytes.subarray(100_000);
      }
      const error = await storage
        .append(key, source(), {
          beforeWrite: async () => {
            asked += 1;
            if (!allowed) throw new Error('lease lost');
          },
        })
        .catch((e: Error) => e);
      expect((error as Error).message).to.equal('lease lost');
      expect(asked).to.be.at.least(1);
      // Stores that write as bytes arrive kept the first part; those that gather pieces kept nothing.
      expect([0, 100_000]).to.include(await storage.size(key));
      await storage.delete(key);
    });

    it('continues an object with later appends, and keeps what arrived before a failing source', async () => {
      const { storage } = under;
      const key = randomUUID();
      const first = randomBytes(300_000);
      const second = randomBytes(1_500_000);
      await storage.append(key, piecesOf(first, 65_536));
      async function* failing() {
        yield second.subarray(0, 200_000);
        throw new Error('connection lost');
      }
      const error = await storage.append(key, failing()).catch((e: Error) => e);
      expect((error as Error).message).to.equal('connection lost');
      expect(await storage.size(key)).to.equal(500_000);
      await storage.append(key, piecesOf(second.subarray(200_000), 100_000));
      const all = await collect(storage.read(key));
      expect(all.equals(Buffer.concat([first, second]))).to.equal(true);
      const across = await collect(storage.read(key, { start: 299_990, end: 300_009 }));
      expect(across.equals(all.subarray(299_990, 300_010))).to.equal(true);
      await storage.delete(key);
    });

    it('holds an empty object, and knows nothing of a key never written', async () => {
      const { storage } = under;
      const key = randomUUID();
      await storage.append(key, piecesOf(new Uint8Array(0), 1));
      expect(await storage.size(key)).to.equal(0);
      expect(await storage.size(randomUUID())).to.equal(0);
      await storage.delete(key);
    });
  });
}
