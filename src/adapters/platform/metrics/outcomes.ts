/**
 * A bounded label for how a call ended: `ok`, or the stable `code` of the domain error it threw (a fixed set,
 * declared with the errors), or `error` for anything else. Never an error message: messages carry names and ids.
 */
export function outcomeOf(error?: unknown): string {
  if (error === undefined) return 'ok';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'error';
}

/** `call` with `record(outcome, seconds)` after it settles; what it returns or throws is passed on untouched. */
export function observed<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
  record: (outcome: string, seconds: number, result: R | undefined) => void,
): (...args: A) => Promise<R> {
  return async (...args) => {
    const started = performance.now();
    try {
      const result = await call(...args);
      record('ok', (performance.now() - started) / 1000, result);
      return result;
    } catch (error) {
      record(outcomeOf(error), (performance.now() - started) / 1000, undefined);
      throw error;
    }
  };
}
