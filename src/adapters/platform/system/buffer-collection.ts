import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface BufferCollectionOptions {
  /** How often the Buffers' memory is looked at. */
  readonly everyMs: number;
  /** Growth since the last look's floor that is worth a young-generation collection. */
  readonly growthBytes: number;
  /** The memory Buffers hold now (`process.memoryUsage().arrayBuffers`). */
  readonly bufferBytes?: () => number;
  /** A young-generation collection. */
  readonly collect?: () => void;
}

export const BUFFER_COLLECTION: BufferCollectionOptions = { everyMs: 100, growthBytes: 16 * 1024 * 1024 };

/**
 * Frees the Buffers that streamed bytes leave behind, as they stream. Every chunk a socket reads is a Buffer of
 * its own, outside V8's heap (an upload's 64 KiB pieces, the database's answers, a download's slices); each
 * is garbage a moment later, but only a collection frees it, and a stream makes few JavaScript objects, so
 * young collections are rare and V8 waits until Buffers have grown by 64 MiB before it collects for them: a
 * 1 GiB upload or download grew the process by 70 to 110 MiB that way. Here, once Buffers have grown by
 * `growthBytes` since the last look, one young-generation collection (about a millisecond: what it keeps is
 * small) frees those already dropped. Returns the function that stops watching.
 */
export function collectBuffersAsTheyGrow(options: BufferCollectionOptions = BUFFER_COLLECTION): () => void {
  const bufferBytes = options.bufferBytes ?? (() => process.memoryUsage().arrayBuffers);
  const collect = options.collect ?? youngCollection();
  let floor = bufferBytes();
  const timer = setInterval(() => {
    const now = bufferBytes();
    if (now - floor < options.growthBytes) {
      floor = Math.min(floor, now);
      return;
    }
    collect();
    floor = bufferBytes();
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

type CollectGarbage = (options: { type: 'minor'; execution: 'sync' }) => void;

/** V8's `gc`, taken from a fresh context as `compactHeap` takes it, bound to a young-generation collection. */
function youngCollection(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as CollectGarbage;
  setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'minor', execution: 'sync' });
}
