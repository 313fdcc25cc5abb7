/** Something the test run makes once, on first use, and disposes at its end (from the root `afterAll` hook). */
export interface OncePerRun<T> {
  get(): Promise<T>;
  dispose(): Promise<void>;
}

export function oncePerRun<T>(provision: () => Promise<T & { dispose(): Promise<void> }>): OncePerRun<T> {
  let provisioned: ReturnType<typeof provision> | undefined;
  return {
    get() {
      provisioned ??= provision();
      return provisioned;
    },
    async dispose() {
      // A run whose provisioning failed has failed its tests already: there is nothing to dispose.
      const made = await provisioned?.catch(() => undefined);
      provisioned = undefined;
      await made?.dispose();
    },
  };
}
