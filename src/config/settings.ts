import type { PlatformConfig } from './platform.ts';

/** A bad setting: its message is one line naming the variable and what is wrong with it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The environment once the whole schema validated it: defaults applied, numbers and booleans coerced. */
export type Input = Readonly<Record<string, unknown>>;

/** One variable's JSON Schema, as docs/OPERATIONS.md describes it. */
export interface Property {
  readonly description: string;
  /** The default as docs/OPERATIONS.md shows it, where `default` cannot say it (derived or unset). */
  readonly defaultText?: string;
  readonly default?: unknown;
  readonly [keyword: string]: unknown;
}

/**
 * What one area (or the platform) reads from the environment: its variables (in the order docs/OPERATIONS.md
 * lists them), those never echoed, and how validated input becomes its part of the Config, with its own
 * cross-variable checks (throwing a ConfigError). `platform` is the server-wide part, read first (and itself
 * read without one).
 */
export interface Settings<Part, Platform = PlatformConfig> {
  readonly properties: Readonly<Record<string, Property>>;
  /** Never echoed in an error message. */
  readonly secrets?: readonly string[];
  /** JSON Schema `dependencies` between its own variables. */
  readonly dependencies?: Readonly<Record<string, readonly string[]>>;
  read(input: Input, platform: Platform): Part;
}

/** A retry schedule's comma-separated whole seconds (`5,300,1800`) as numbers. */
export function secondsList(text: unknown): number[] {
  return (text as string).split(',').map(Number);
}
