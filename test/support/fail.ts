/** What a promise rejected with (undefined when it fulfilled), so tests can assert on the error. */
export function fail(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}
