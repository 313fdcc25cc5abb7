/** The tokens a model provider counted for a run so far (an agent run's model calls, summed). */
export interface RunTokens {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * The token usage of runs carried out over model providers. The runs area asks it for `GET /api/runs/{id}`;
 * a later area that calls models (agents) answers it.
 */
export interface RunTokenUsage {
  /** The run's tokens so far; undefined for a run that calls no model. */
  ofRun(runId: string): Promise<RunTokens | undefined>;
}
