import { InvalidInput } from '../kernel/errors.ts';

export const SANDBOX_LIMITS = {
  timeoutMs: { default: 2000, min: 1, max: 10_000 },
  memoryMb: { default: 64, min: 8, max: 256 },
  codeChars: 64 * 1024,
} as const;

/** The limits of one call: the defaults where none were asked for; InvalidInput past the maxima. */
export function sandboxLimits(asked: { timeoutMs?: number | undefined; memoryMb?: number | undefined }) {
  const timeoutMs = asked.timeoutMs ?? SANDBOX_LIMITS.timeoutMs.default;
  const memoryMb = asked.memoryMb ?? SANDBOX_LIMITS.memoryMb.default;
  const { timeoutMs: time, memoryMb: memory } = SANDBOX_LIMITS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < time.min || timeoutMs > time.max) {
    throw new InvalidInput(`timeout_ms must be an integer from ${time.min} to ${time.max}`);
  }
  if (!Number.isInteger(memoryMb) || memoryMb < memory.min || memoryMb > memory.max) {
    throw new InvalidInput(`memory_mb must be an integer from ${memory.min} to ${memory.max}`);
  }
  return { timeoutMs, memoryMb };
}
