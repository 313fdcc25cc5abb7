/** The first size of the piece buffer: a small upload does not reserve a whole piece. */
const FIRST_BUFFER_BYTES = 64 * 1024;

/**
 * Appends `source` as pieces of `pieceBytes` (the last one shorter), each written at its offset from `offset`
 * on, each after `beforeWrite`. The bytes received before a failure are written too (unless `beforeWrite`
 * refuses): a resumed upload goes on after them.
 *
 * Memory: the source's chunks are copied as they come into one piece buffer (grown up to `pieceBytes`, then
 * reused for every piece), so none of them outlives its turn of the loop. Holding them until a piece is full
 * kept them alive across young collections: promoted, each chunk's memory waited for a full collection, and
 * an export or upload of a few hundred MiB grew the process by tens of MiB. `write` gets a view of that
 * buffer: it must be done with it when it resolves (the database driver and the S3 client copy or send it).
 */
export async function appendInPieces(
  source: AsyncIterable<Uint8Array>,
  {
    offset,
    pieceBytes,
    beforeWrite,
  }: { offset: number; pieceBytes: number; beforeWrite?: (() => Promise<void>) | undefined },
  write: (offset: number, piece: Buffer) => Promise<void>,
): Promise<void> {
  let buffer = Buffer.alloc(0);
  let filled = 0;
  const flush = async () => {
    if (filled === 0) return;
    await beforeWrite?.();
    const piece = buffer.subarray(0, filled);
    filled = 0;
    await write(offset, piece);
    offset += piece.length;
  };
  const room = (wanted: number) => {
    if (buffer.length - filled >= wanted || buffer.length === pieceBytes) return;
    let size = Math.max(buffer.length, FIRST_BUFFER_BYTES);
    while (size < filled + wanted && size < pieceBytes) size *= 2;
    const grown = Buffer.allocUnsafeSlow(Math.min(size, pieceBytes));
    buffer.copy(grown, 0, 0, filled);
    buffer = grown;
  };
  try {
    for await (const chunk of source) {
      let at = 0;
      while (at < chunk.byteLength) {
        room(chunk.byteLength - at);
        const taken = Math.min(chunk.byteLength - at, buffer.length - filled);
        buffer.set(chunk.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === pieceBytes) await flush();
      }
    }
  } finally {
    await flush();
  }
}
