import type { Tracer } from '../../../application/kernel/ports/tracer.ts';

/** `fn` run in a span named `name` when tracing is on; `fn` itself otherwise (no cost). */
export function traced<A extends unknown[], R>(
  tracer: Tracer,
  name: string,
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  if (!tracer.enabled) return fn;
  return (...args) => tracer.inSpan(name, () => fn(...args));
}
