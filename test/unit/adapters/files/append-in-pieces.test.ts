import { expect } from 'chai';
import { appendInPieces } from '../../../../src/adapters/files/append-in-pieces.ts';

async function* chunks(...sizes: number[]): AsyncIterable<Uint8Array> {
  let n = 0;
  for (const size of sizes) yield Uint8Array.from({ length: size }, () => n++ % 251);
}

/** The pieces `appendInPieces` writes, copied when written (it reuses its buffer afterwards). */
async function written(source: AsyncIterable<Uint8Array>, pieceBytes: number, offset = 0) {
  const pieces: { at: number; bytes: Buffer }[] = [];
  await appendInPieces(source, { offset, pieceBytes }, async (at, piece) => {
    pieces.push({ at, bytes: Buffer.from(piece) });
  });
  return pieces;
}

describe('appendInPieces', () => {
  it('writes pieces of exactly pieceBytes whatever the chunks, the last one shorter, at their offsets', async () => {
    const pieces = await written(chunks(3, 70_000, 1, 200_000, 5), 100_000, 10);
    expect(pieces.map((piece) => [piece.at, piece.bytes.length])).to.deep.equal([
      [10, 100_000],
      [100_010, 100_000],
      [200_010, 70_009],
    ]);
    const all = Buffer.concat(pieces.map((piece) => piece.bytes));
    expect([...all.subarray(0, 300)]).to.deep.equal(Array.from({ length: 300 }, (_, i) => i % 251));
    expect(all[270_008]).to.equal(270_008 % 251);
  });

  it('reuses one buffer for every piece once it is full size', async () => {
    const buffers = new Set<ArrayBufferLike>();
    await appendInPieces(
      chunks(...Array(40).fill(64 * 1024)),
      { offset: 0, pieceBytes: 256 * 1024 },
      async (_at, piece) => {
        buffers.add(piece.buffer);
      },
    );
    expect(buffers.size).to.equal(1);
  });

  it('writes what arrived before the source failed, then rethrows', async () => {
    const pieces: number[] = [];
    const failing = async function* () {
      yield new Uint8Array(150);
      throw new Error('connection reset');
    };
    let thrown: unknown;
    await appendInPieces(failing(), { offset: 0, pieceBytes: 100 }, async (_at, piece) => {
      pieces.push(piece.length);
    }).catch((error) => (thrown = error));
    expect((thrown as Error).message).to.equal('connection reset');
    expect(pieces).to.deep.equal([100, 50]);
  });

  it('writes nothing when beforeWrite refuses', async () => {
    const pieces: number[] = [];
    const refused = appendInPieces(
      chunks(10),
      { offset: 0, pieceBytes: 100, beforeWrite: async () => Promise.reject(new Error('lost the upload')) },
      async (_at, piece) => {
        pieces.push(piece.length);
      },
    );
    await refused.then(
      () => expect.fail('resolved'),
      (error: Error) => expect(error.message).to.equal('lost the upload'),
    );
    expect(pieces).to.deep.equal([]);
  });
});
