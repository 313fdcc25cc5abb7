/**
 * Appends `source` as pieces of at least `pieceBytes` (the last one shorter), each written at its offset from
 * `offset` on, each after `beforeWrite`. The bytes received before a failure are written too (unless
 * `beforeWrite` refuses): a resumed upload goes on after them.
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
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await beforeWrite?.();
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await write(offset, piece);
    offset += piece.length;
  };
  try {
    for await (const chunk of source) {
      pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= pieceBytes) await flush();
    }
  } finally {
    await flush();
  }
}
