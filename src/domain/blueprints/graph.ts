/** The kinds of node a blueprint graph may hold (`agent` is carried out by the agents area: AgentStepRunner). */
export const NODE_KINDS = [
  'task',
  'http',
  'code',
  'condition',
  'map',
  'wait',
  'approval',
  'blueprint',
  'agent',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** The kinds a `map` node may run once per element. */
export const MAP_KINDS = ['task', 'http', 'code'] as const;

export const NODE_ID = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_NODES = 500;
export const MAX_GRAPH_BYTES = 256 * 1024;

export interface NodeRetry {
  readonly max_attempts: number;
  readonly backoff_seconds: number;
}

/**
 * One node, as sent (snake_case: a graph is a JSON document stored and answered as it came, its digest and
 * diffs computed over that text).
 */
export interface GraphNode {
  readonly id: string;
  readonly kind: NodeKind;
  readonly config?: { readonly [key: string]: unknown };
  /** A JSONata expression giving the node's input. */
  readonly input?: string;
  readonly retry?: NodeRetry;
  readonly timeout_seconds?: number;
  readonly on_error?: 'fail' | 'continue';
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  /** A JSONata expression: the edge is taken when it is true (always, without one). */
  readonly when?: string;
}

/** A workflow: nodes, the edges between them, and an expression for the run's output. */
export interface Graph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly output?: string;
}

/** Whether `source` parses as an expression: undefined when it does, else what is wrong with it. */
export type ExpressionProblem = (source: string) => string | undefined;
