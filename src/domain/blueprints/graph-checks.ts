import type { FieldProblem } from '../kernel/errors.ts';
import type { ExpressionProblem } from './graph.ts';

export type JsonRecord = { readonly [key: string]: unknown };

export const isObject = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` followed by `tokens`, each escaped as RFC 6901 says. */
export function pointer(base: string, ...tokens: string[]): string {
  return base + tokens.map((token) => `/${token.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** Collects the problems of one graph; the helpers below each add what they find. */
export class Check {
  readonly problems: FieldProblem[];
  readonly #expressionProblem: ExpressionProblem;

  constructor(problems: FieldProblem[], expressionProblem: ExpressionProblem) {
    this.problems = problems;
    this.#expressionProblem = expressionProblem;
  }

  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  onlyKeys(value: JsonRecord, path: string, allowed: readonly string[]): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.add(pointer(path, key), 'is not an allowed property');
    }
  }

  expression(value: unknown, path: string): void {
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(path, 'must be an expression (a non-empty string)');
      return;
    }
    if (value.length > 16_384) {
      this.add(path, 'must be at most 16384 characters');
      return;
    }
    const problem = this.#expressionProblem(value);
    if (problem !== undefined) this.add(path, `does not parse: ${problem}`);
  }

  integer(value: unknown, path: string, min: number, max: number): void {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
      this.add(path, `must be an integer from ${min} to ${max}`);
    }
  }

  number(value: unknown, path: string, min: number, max: number): void {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.add(path, `must be a number from ${min} to ${max}`);
    }
  }

  text(value: unknown, path: string, maxLength: number, pattern?: RegExp): void {
    if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) {
      this.add(path, `must be a string of 1 to ${maxLength} characters`);
    } else if (pattern && !pattern.test(value)) {
      this.add(path, `must match ${pattern.source}`);
    }
  }

  oneOf(value: unknown, path: string, allowed: readonly string[]): void {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      this.add(path, `must be one of ${allowed.join(', ')}`);
    }
  }

  required(value: JsonRecord, path: string, key: string): boolean {
    if (value[key] !== undefined) return true;
    this.add(pointer(path, key), 'is required');
    return false;
  }
}
