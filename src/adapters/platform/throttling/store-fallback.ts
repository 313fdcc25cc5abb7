// What a shared limiter does when its store (PostgreSQL, Redis) fails: it decides in this process's memory, and
// says so at most once a minute.

import { RateLimiterMemory } from './rate-limiter-classes.ts';
import type { LimiterOptions } from './rate-limiter-store.ts';

const ERROR_REPORT_INTERVAL_MS = 60_000;

export function limiterOptions(options: LimiterOptions) {
  return {
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.duration,
    blockDuration: options.blockDuration ?? 0,
  };
}

/** What a limiter is asked: each call to the stand-in below is reported. */
const LIMITER_METHODS = ['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete'] as const;

/** The per-process stand-in for a shared limiter whose store failed; each use is reported. */
class FallbackMemoryLimiter extends RateLimiterMemory {
  constructor(options: LimiterOptions, used: () => void) {
    super(limiterOptions(options));
    for (const name of LIMITER_METHODS) {
      const method = this[name] as (...args: unknown[]) => unknown;
      Object.defineProperty(this, name, {
        value: (...args: unknown[]) => {
          used();
          return method.apply(this, args);
        },
      });
    }
  }
}

export function fallbackLimiter(options: LimiterOptions, store: string, report: (error: Error) => void) {
  return new FallbackMemoryLimiter(options, () =>
    report(
      new Error(`rate-limit store ${store} failed: limiter ${options.keyPrefix} decides in process memory`),
    ),
  );
}

export function throttledReporter(sink: ((error: Error) => void) | undefined): (error: Error) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (!sink || now - last < ERROR_REPORT_INTERVAL_MS) return;
    last = now;
    sink(error);
  };
}
