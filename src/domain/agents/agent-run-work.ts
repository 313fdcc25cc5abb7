/**
 * What a tool call waits for: the child run of a `mission` or `blueprint` tool, or the approval of a tool with
 * `requires_approval` (then `approved` once it was: the call runs next).
 */
export interface Waiting {
  readonly toolCallId: string;
  readonly childRunId?: string;
  readonly approvalId?: string;
  readonly approved?: boolean;
}

/** An agent run as the server carries it out: its lease, what it waits for, its model calls and tokens. */
export interface AgentRunWork {
  readonly runId: string;
  /** When an instance must next act on it (a lease end while one does); null once the run ended. */
  dueAt: Date | null;
  leaseOwner: string | null;
  waiting: Waiting | null;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A new agent run's work, due at once. */
export function newAgentRunWork(runId: string, now: Date): AgentRunWork {
  return {
    runId,
    dueAt: now,
    leaseOwner: null,
    waiting: null,
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
}
