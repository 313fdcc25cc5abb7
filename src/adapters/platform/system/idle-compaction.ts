import type { Server } from 'node:http';
import { compactHeap } from './compact-heap.ts';

export interface IdleCompactionOptions {
  /** How often the request count is looked at. */
  readonly windowMs: number;
  /** A window with fewer requests than this is quiet (load balancers' probes do not keep a server busy). */
  readonly quietBelow: number;
  /** Requests since the last collection that make it worth another. */
  readonly busyAfter: number;
  readonly compact?: () => void;
}

export const IDLE_COMPACTION: IdleCompactionOptions = { windowMs: 5000, quietBelow: 10, busyAfter: 1000 };

/**
 * One memory-reducing collection (`compactHeap`) each time the server goes quiet after a busy stretch. Under
 * load V8 grows its heap (the young generation to its 16 MB cap, the old one with what the requests left) and,
 * while the process idles, keeps it at that size: the soak measured 40 to 60 MiB of resident memory held that way
 * after 100,000 requests, none of it reachable (a full collection brought the heap back to its size after the
 * warm-up). Quiet is a window of `windowMs` with fewer than `quietBelow` requests; busy is `busyAfter` requests
 * since the last collection, so an idle server is never collected twice and a busy one not at all (the
 * collection pauses the process for 0.1-0.2 s). Returns the function that stops watching.
 */
export function compactWhenIdle(
  server: Server,
  options: IdleCompactionOptions = IDLE_COMPACTION,
): () => void {
  const compact = options.compact ?? compactHeap;
  let inWindow = 0;
  let sinceCompaction = 0;
  const counted = () => {
    inWindow++;
    sinceCompaction++;
  };
  server.on('request', counted);
  const timer = setInterval(() => {
    const quiet = inWindow < options.quietBelow;
    inWindow = 0;
    if (quiet && sinceCompaction >= options.busyAfter) {
      sinceCompaction = 0;
      compact();
    }
  }, options.windowMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', counted);
  };
}
