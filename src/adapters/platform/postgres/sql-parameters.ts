/**
 * The bound parameters of a statement written piece by piece: `add(value)` keeps the value and returns its
 * placeholder (`$1`, `$2`, ...), so optional conditions never miscount.
 */
export class SqlParameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}
