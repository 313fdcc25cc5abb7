export interface PasswordHasher {
  /**
   * Hashes with the configured parameters. Adapters hash off the event loop behind a bounded queue, and throw
   * ServiceUnavailable (with a retry hint) when a slot does not free up in time.
   */
  hash(password: string): Promise<string>;
  /** True when `password` matches `hash`; never throws for a malformed hash (answers false). */
  verify(hash: string, password: string): Promise<boolean>;
  /** True when `hash` was made with other (older) parameters or another algorithm and should be redone. */
  needsRehash(hash: string): boolean;
}
