/** Something the service needs before it can answer requests (the database). */
export interface ReadinessProbe {
  /** Resolves when the dependency answers; rejects (with any error) when it does not. */
  check(): Promise<void>;
}
