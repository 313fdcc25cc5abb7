/** Where a `memory` tool call reads and writes: the workspace, and `[<tool namespace>, <thread's user id>]`. */
export interface MemoryScope {
  readonly workspaceId: string;
  readonly namespace: readonly string[];
}

/**
 * The memory the agent `memory` tool uses (CONTRACT sections 10 and 12). The agents area asks it; the memory
 * area (later) answers it.
 */
export interface AgentMemory {
  /**
   * Carries out one call of a `memory` tool in `scope`, with the arguments the model gave (an object of the
   * shape MEMORY_TOOL_INPUT_SCHEMA shows it), and returns the tool's output. Arguments it cannot use throw
   * InvalidInput (the model is told why).
   */
  call(scope: MemoryScope, args: Readonly<Record<string, unknown>>): Promise<unknown>;
}
