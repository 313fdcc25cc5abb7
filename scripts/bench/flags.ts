// The benchmark's command line: which scenarios, how long, how many connections, and the quick and profile modes.
import { parseArgs } from 'node:util';

export const SCENARIOS = [
  'ceiling',
  'healthz',
  'me',
  'floor_me',
  'floor_me_cached',
  'login',
  'refresh',
  'me_during_login',
  'ingest_1k',
  'floor_ingest_1k',
  'ingest_64k',
  'floor_ingest_64k',
  'claim_complete',
  'blueprint_steps',
  'agent_overhead',
  'agent_first_delta',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/**
 * The groups a run measures one after the other, each with the ceiling beside it (the machine's speed drifts
 * within a run): inside a group the scenarios take turns, run by run, so a group's figures and its ceiling's
 * are taken over the same minutes.
 */
export const GROUPS: ReadonlyArray<readonly Scenario[]> = [
  ['ceiling', 'healthz'],
  ['ceiling', 'me', 'floor_me', 'floor_me_cached'],
  ['login'],
  ['refresh'],
  ['me_during_login'],
  ['ceiling', 'ingest_1k', 'floor_ingest_1k'],
  ['ceiling', 'ingest_64k', 'floor_ingest_64k'],
  ['claim_complete'],
  ['blueprint_steps'],
  ['agent_overhead'],
  ['agent_first_delta'],
];

export interface BenchOptions {
  readonly scenarios: readonly Scenario[];
  /** Seconds of each measured run. */
  readonly duration: number;
  /** Seconds of the warm-up before a scenario's runs. */
  readonly warmup: number;
  /** Measured runs per scenario; the median is reported. */
  readonly runs: number;
  /** Connections of every scenario but claim_complete. */
  readonly connections: number;
  /** Workers (connections) of claim_complete. */
  readonly workers: number;
  /** Runs a claim asks for (`max_runs`); 1 sends no `max_runs`. */
  readonly claimBatch: number;
  /** /me requests per second during me_during_login (paced: its p99 is the figure, not its throughput). */
  readonly duringLoginRate: number;
  /** Where the results go; profile mode writes none. */
  readonly output: string;
  /** The one scenario to run under `node --cpu-prof`. */
  readonly profile: Scenario | undefined;
}

export const USAGE = `Usage: node scripts/bench.ts [--quick] [--duration S] [--warmup S] [--runs N] [--connections N]
  [--workers N] [--claim-batch N] [--during-login-rate N] [--scenarios a,b] [--output FILE] [--profile SCENARIO]
Scenarios: ${SCENARIOS.join(', ')}`;

/** Parses the command line; throws with the usage on anything it does not know or cannot read. */
export function parseBenchFlags(args: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      runs: { type: 'string' },
      connections: { type: 'string', default: '50' },
      workers: { type: 'string', default: '64' },
      'claim-batch': { type: 'string', default: '1' },
      'during-login-rate': { type: 'string', default: '200' },
      scenarios: { type: 'string' },
      output: { type: 'string', default: 'bench/results/latest.json' },
      profile: { type: 'string' },
    },
  });
  // Quick: one short run after a short warm-up, for a look, not for the record.
  const quick = values.quick;
  const profile = values.profile === undefined ? undefined : scenario(values.profile);
  if (profile === 'ceiling' || profile?.startsWith('floor_'))
    throw new Error(`--profile ${profile}: that process is not the server\n${USAGE}`);
  return {
    scenarios: profile ? [profile] : values.scenarios ? values.scenarios.split(',').map(scenario) : SCENARIOS,
    duration: positive('duration', values.duration ?? (quick ? '3' : '10')),
    warmup: positive('warmup', values.warmup ?? (quick ? '1' : '3')),
    runs: whole('runs', values.runs ?? (quick ? '1' : '3')),
    connections: whole('connections', values.connections),
    workers: whole('workers', values.workers),
    claimBatch: whole('claim-batch', values['claim-batch']),
    duringLoginRate: whole('during-login-rate', values['during-login-rate']),
    output: values.output,
    profile,
  };
}

function scenario(name: string): Scenario {
  const known = SCENARIOS.find((s) => s === name.trim());
  if (!known) throw new Error(`unknown scenario ${JSON.stringify(name)}\n${USAGE}`);
  return known;
}

function positive(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${flag} must be a positive number\n${USAGE}`);
  return value;
}

function whole(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${flag} must be a whole number, 1 or more\n${USAGE}`);
  return value;
}
