import { createHash } from 'node:crypto';
import type { ByteDigests } from '../../../application/files/ports/byte-digest.ts';

export const nodeByteDigests: ByteDigests = {
  sha256: () => {
    const hash = createHash('sha256');
    return { update: (bytes) => void hash.update(bytes), hex: () => hash.digest('hex') };
  },
};
