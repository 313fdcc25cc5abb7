import { expect } from 'chai';

/** What a promise rejected with (undefined when it fulfilled), so tests can assert on the error. */
export function fail(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/**
 * The error `promise` rejected with, which must be a `type`: the test fails when it fulfils (`fulfilled` says
 * why that is wrong) and rethrows any other error as it was.
 */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: any constructor of E, whatever its parameters
  type: abstract new (...args: any[]) => E,
  fulfilled = `expected a rejection with ${type.name}`,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  expect.fail(fulfilled);
}
