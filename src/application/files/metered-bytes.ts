import type { DomainError } from '../../domain/kernel/errors.ts';
import type { RunningDigest } from './ports/byte-digest.ts';

/** What a metered stream learnt once it ended: its size, digest and first bytes. */
export interface Metered {
  readonly size: number;
  readonly sha256: string;
  readonly head: Uint8Array;
}

/**
 * Passes `source` on while counting, hashing and keeping its first `headBytes`; fails with `tooLarge()` as soon
 * as more than `limitBytes` went by, so an oversized body is refused before it is stored whole.
 */
export function meteredBytes(
  source: AsyncIterable<Uint8Array>,
  options: {
    readonly limitBytes: number;
    readonly tooLarge: () => DomainError;
    readonly digest: RunningDigest;
    readonly headBytes: number;
  },
): { readonly bytes: AsyncIterable<Uint8Array>; result(): Metered } {
  let size = 0;
  const head: Uint8Array[] = [];
  let headSize = 0;
  async function* bytes(): AsyncIterable<Uint8Array> {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > options.limitBytes) throw options.tooLarge();
      options.digest.update(chunk);
      if (headSize < options.headBytes) {
        const part = chunk.subarray(0, options.headBytes - headSize);
        head.push(part.slice());
        headSize += part.length;
      }
      yield chunk;
    }
  }
  return {
    bytes: bytes(),
    result: () => ({ size, sha256: options.digest.hex(), head: concat(head, headSize) }),
  };
}

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
