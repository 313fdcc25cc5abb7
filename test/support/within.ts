import { expect } from 'chai';

/** Polls `check` every `pollMs` until it holds, failing the test (`<what> not within <ms> ms`) once `withinMs` pass. */
export async function within(
  withinMs: number,
  what: string,
  check: () => boolean | Promise<boolean>,
  pollMs = 20,
): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline) expect.fail(`${what} not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
