import { InvalidInput } from '../kernel/errors.ts';

/** The most runs one claim hands out. */
export const MAX_CLAIM_RUNS = 100;

/** How many runs a claim may hand out at most: an integer from 1 to MAX_CLAIM_RUNS. */
export function parseMaxRuns(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_CLAIM_RUNS) {
    throw new InvalidInput(`max_runs must be an integer from 1 to ${MAX_CLAIM_RUNS}`);
  }
  return value;
}
