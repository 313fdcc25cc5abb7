/** The single-use codes that stand in for a lost authenticator. */
export interface RecoveryCodes {
  /** `count` new random codes (at least 50 bits each), readable aloud and easy to type. */
  generate(count: number): string[];
  /** The keyed one-way hash under which a code is stored; `code` is normalised (`normalisedCode`) first. */
  hash(code: string): string;
}
