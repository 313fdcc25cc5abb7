// What each resilience script prints: its figures, and one line per claim the issue makes, marked ok or FAIL.
// A failed claim sets the exit code; the script still runs to its end and prints everything it measured.
export class Figures {
  readonly #title: string;
  #failures = 0;

  constructor(title: string) {
    this.#title = title;
    console.log(`\n== ${title}`);
  }

  /** A measured value, printed as is. */
  note(text: string): void {
    console.log(`   ${text}`);
  }

  /** A claim: `holds` decides ok or FAIL; `detail` says what was measured. */
  check(claim: string, holds: boolean, detail = ''): void {
    if (!holds) this.#failures++;
    console.log(`   ${holds ? 'ok  ' : 'FAIL'}  ${claim}${detail ? `: ${detail}` : ''}`);
  }

  /** Prints the verdict and sets the process exit code when a claim failed. */
  finish(): void {
    const verdict = this.#failures === 0 ? 'every figure holds' : `${this.#failures} figure(s) do not hold`;
    console.log(`   -- ${this.#title}: ${verdict}`);
    if (this.#failures > 0) process.exitCode = 1;
  }
}

/** `{200: 12, 503: 4}` as `200 x12, 503 x4`, by status. */
export function byStatus(counts: ReadonlyMap<number | string, number>): string {
  return (
    [...counts]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([status, n]) => `${status} x${n}`)
      .join(', ') || 'none'
  );
}

export function count<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
