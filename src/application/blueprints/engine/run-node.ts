import type { GraphNode } from '../../../domain/blueprints/graph.ts';
import { urlProblem } from '../../../domain/blueprints/node-problems.ts';
import type { StepFailure } from '../../../domain/blueprints/step.ts';
import { NO_RUN_POLICY } from '../../../domain/missions/index.ts';
import { Run } from '../../../domain/runs/index.ts';
import type { IdGenerator } from '../../kernel/ports/id-generator.ts';
import type { Sandbox } from '../../sandboxes/index.ts';
import type { ExpressionLanguage } from '../ports/expression-language.ts';
import type { HttpCaller } from '../ports/http-caller.ts';
import { EXPRESSION_DEADLINE_MS, type ExpressionContext } from './expression-context.ts';

/** What an attempt of a node came to. */
export type NodeResult =
  | { readonly type: 'succeeded'; readonly output: unknown }
  | { readonly type: 'failed'; readonly error: StepFailure; readonly retryable: boolean }
  | { readonly type: 'wait'; readonly until: Date }
  | { readonly type: 'child'; readonly run: Run }
  /** A `map` over `task` nodes: one child run per element, created a few at a time (collect-map.ts). */
  | { readonly type: 'children'; readonly items: readonly unknown[] }
  /** An `agent` node: the agent's run answering `message` (AgentStepRunner), a child run of the step. */
  | { readonly type: 'agent'; readonly agentId: string; readonly message: string }
  | {
      readonly type: 'approval';
      readonly title: string;
      readonly timeoutSeconds: number | null;
    };

export interface NodeDeps {
  readonly sandbox: Sandbox;
  readonly httpCaller: HttpCaller;
  readonly expressions: ExpressionLanguage;
  readonly ids: IdGenerator;
}

/** The run and step an attempt belongs to. */
export interface NodeAttempt {
  readonly run: Run;
  readonly node: Pick<GraphNode, 'id' | 'kind' | 'config' | 'retry' | 'timeout_seconds'>;
  readonly input: unknown;
  readonly context: ExpressionContext;
  readonly startedAt: Date;
  readonly now: Date;
  /** How many blueprint runs enclose this one (0 for a top-level run). */
  readonly depth: number;
}

/** Blueprint runs nest at most this deep: a `blueprint` node of a run this deep fails (CONTRACT section 9). */
export const MAX_BLUEPRINT_DEPTH = 5;

const DEFAULT_CODE_TIMEOUT_MS = 2000;
const MAX_CODE_TIMEOUT_MS = 10_000;
const HTTP_TIMEOUT_MS = 15_000;
const DEFAULT_MAP_CONCURRENCY = 4;

/**
 * Carries out one attempt of a node of kind `code`, `condition`, `http`, `wait`, `map`, `task`, `blueprint`,
 * `agent` (the caller queues the agent's run with the step's change) or `approval` (which asks for an approval:
 * the caller opens it with the step's change).
 */
export async function runNode(deps: NodeDeps, attempt: NodeAttempt): Promise<NodeResult> {
  const { node, input } = attempt;
  const config = (node.config ?? {}) as Record<string, unknown>;
  switch (node.kind) {
    case 'condition':
      return { type: 'succeeded', output: input };
    case 'code':
      return runCode(deps, config, input, node.timeout_seconds);
    case 'http':
      return runHttp(deps, config, attempt);
    case 'wait':
      return runWait(deps, config, attempt);
    case 'map':
      return runMap(deps, config, attempt);
    case 'task':
    case 'blueprint':
      return childRun(deps, attempt);
    case 'agent':
      return agentMessage(config, input);
    case 'approval':
      return {
        type: 'approval',
        title: typeof config.title === 'string' ? config.title : node.id,
        timeoutSeconds: typeof config.timeout_seconds === 'number' ? config.timeout_seconds : null,
      };
    default:
      return failed('unsupported_node', `nodes of kind ${node.kind} are not carried out yet`);
  }
}

async function runCode(
  deps: NodeDeps,
  config: Record<string, unknown>,
  input: unknown,
  timeoutSeconds: number | undefined,
): Promise<NodeResult> {
  const timeoutMs =
    timeoutSeconds === undefined
      ? DEFAULT_CODE_TIMEOUT_MS
      : Math.min(timeoutSeconds * 1000, MAX_CODE_TIMEOUT_MS);
  const result = await deps.sandbox.run({ code: String(config.source), input, timeoutMs, memoryMb: 64 });
  if (result.error === null) return { type: 'succeeded', output: result.output ?? null };
  const code = result.error.name === 'TimeoutError' ? 'timeout' : 'code_error';
  return failed(code, `${result.error.name}: ${result.error.message}`);
}

async function runHttp(
  deps: NodeDeps,
  config: Record<string, unknown>,
  attempt: NodeAttempt,
): Promise<NodeResult> {
  const timeoutSeconds = attempt.node.timeout_seconds;
  let url = config.url;
  if (config.url === undefined) {
    url = await deps.expressions.evaluate(
      String(config.url_expression),
      attempt.context,
      EXPRESSION_DEADLINE_MS,
    );
    const problem = urlProblem(url);
    if (problem) return failed('expression_error', `config.url_expression ${problem}`);
  }
  const result = await deps.httpCaller.call({
    method: String(config.method),
    url: String(url),
    headers: (config.headers as Record<string, string> | undefined) ?? {},
    body: attempt.input,
    timeoutMs:
      timeoutSeconds === undefined ? HTTP_TIMEOUT_MS : Math.min(timeoutSeconds * 1000, HTTP_TIMEOUT_MS),
  });
  if ('error' in result) return { type: 'failed', error: result.error, retryable: true };
  if (result.status < 200 || result.status > 299) {
    return {
      type: 'failed',
      error: { code: 'http_status', message: `the answer was ${result.status}` },
      retryable: true,
    };
  }
  return { type: 'succeeded', output: result };
}

async function runWait(
  deps: NodeDeps,
  config: Record<string, unknown>,
  attempt: NodeAttempt,
): Promise<NodeResult> {
  if (typeof config.seconds === 'number') {
    return { type: 'wait', until: new Date(attempt.startedAt.getTime() + config.seconds * 1000) };
  }
  const value = await deps.expressions.evaluate(
    String(config.until),
    attempt.context,
    EXPRESSION_DEADLINE_MS,
  );
  const until = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(until.getTime())) {
    return failed('expression_error', 'config.until must give an RFC 3339 time');
  }
  return { type: 'wait', until };
}

/** `config.node` once per element of the input array, at most `config.concurrency` at a time; results in order. */
async function runMap(
  deps: NodeDeps,
  config: Record<string, unknown>,
  attempt: NodeAttempt,
): Promise<NodeResult> {
  if (!Array.isArray(attempt.input)) return failed('invalid_input', 'a map node needs an array as input');
  const inner = config.node as NodeAttempt['node'];
  const items = attempt.input;
  if (inner.kind === 'task') {
    if (items.length === 0) return { type: 'succeeded', output: [] };
    const index = items.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item));
    if (index >= 0)
      return failed('invalid_input', `element ${index}: a task node's input must be a JSON object`);
    return { type: 'children', items };
  }
  const results: NodeResult[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await runNode(deps, {
        ...attempt,
        node: { ...inner, id: attempt.node.id },
        input: items[index],
      });
      if (results[index]?.type === 'failed') next = items.length;
    }
  };
  const lanes = Math.min(mapConcurrency(attempt.node), Math.max(items.length, 1));
  await Promise.all(Array.from({ length: lanes }, lane));
  const failure = results.find((result) => result?.type === 'failed');
  if (failure) return failure;
  return {
    type: 'succeeded',
    output: results.map((result) => (result?.type === 'succeeded' ? result.output : null)),
  };
}

/** The `config.concurrency` of a map node: how many of its elements run at once. */
export function mapConcurrency(node: Pick<GraphNode, 'config'>): number {
  return Number((node.config as Record<string, unknown> | undefined)?.concurrency ?? DEFAULT_MAP_CONCURRENCY);
}

/**
 * A `task` (a worker's) or `blueprint` (the server's) child run of the same mission, input the step's input;
 * with `index`, the child of that element of a `map` step (`node` is then the map's inline node).
 */
export function childRun(
  deps: Pick<NodeDeps, 'ids'>,
  attempt: Pick<NodeAttempt, 'run' | 'node' | 'input' | 'now' | 'depth'>,
  index?: number,
): NodeResult {
  const { run, node, input, now } = attempt;
  const config = (node.config ?? {}) as Record<string, unknown>;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return failed('invalid_input', `a ${node.kind} node's input must be a JSON object`);
  }
  const task = node.kind === 'task';
  if (!task && attempt.depth + 1 >= MAX_BLUEPRINT_DEPTH) {
    return failed(
      'depth_exceeded',
      `this run is at level ${attempt.depth + 1} of nested blueprint runs, the most there may be (${MAX_BLUEPRINT_DEPTH}): its blueprint node cannot start another`,
    );
  }
  const child = Run.queue({
    id: deps.ids.newId(),
    missionId: run.missionId,
    workspaceId: run.workspaceId,
    triggerType: 'manual',
    input,
    // A task's retries are the node's: a retry queues the same child run again (attempt 2, 3, ...).
    policy: task
      ? {
          ...NO_RUN_POLICY,
          maxAttempts: node.retry?.max_attempts ?? null,
          retryBackoffSeconds: node.retry ? Math.max(1, node.retry.backoff_seconds) : null,
          timeoutSeconds: node.timeout_seconds ?? null,
        }
      : { ...NO_RUN_POLICY, timeoutSeconds: node.timeout_seconds ?? null },
    blueprint: task
      ? null
      : {
          id: String(config.blueprint_id),
          version: typeof config.version === 'number' ? config.version : null,
        },
    parent: {
      runId: run.id,
      stepId: node.id,
      taskType: task ? String(config.task_type) : null,
      ...(index === undefined ? {} : { index }),
    },
    now,
  });
  return { type: 'child', run: child };
}

/** An `agent` node's input is `{message}`: the text the agent answers. */
function agentMessage(config: Record<string, unknown>, input: unknown): NodeResult {
  const message = (input as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.length === 0) {
    return failed('invalid_input', "an agent node's input must be {message} with a non-empty string");
  }
  return { type: 'agent', agentId: String(config.agent_id), message };
}

function failed(code: string, message: string): NodeResult {
  return {
    type: 'failed',
    error: { code, message: message.slice(0, 4000) },
    // Neither comes out differently on another attempt.
    retryable: code !== 'expression_error' && code !== 'depth_exceeded',
  };
}
