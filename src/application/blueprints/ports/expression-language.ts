/** The expression language of blueprint graphs (JSONata). */
export interface ExpressionLanguage {
  /** Undefined when `source` parses, else what is wrong with it (parsing is bounded by the source's length). */
  problemIn(source: string): string | undefined;
  /**
   * The value of `source` over `context` (JSON in, JSON out; undefined when the expression yields nothing).
   * Rejects with ExpressionFailed when it does not parse, fails, or runs past `deadlineMs`; evaluating never
   * holds up the caller's event loop, however the expression behaves.
   */
  evaluate(source: string, context: unknown, deadlineMs: number): Promise<unknown>;
}
