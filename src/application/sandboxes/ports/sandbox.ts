/** One call of user JavaScript: `code` defines `main(input)`, which may be async. */
export interface SandboxCall {
  readonly code: string;
  /** JSON in: `main` gets a copy. */
  readonly input: unknown;
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/** How a call ended: `main`'s return value as JSON, or an error; `console.log` lines either way. */
export interface SandboxResult {
  readonly output: unknown;
  readonly logs: string[];
  /** `TimeoutError`, `MemoryLimitError`, or what `main` threw (`{name, message}`); null when it returned. */
  readonly error: { readonly name: string; readonly message: string } | null;
  readonly durationMs: number;
}

/**
 * Runs untrusted JavaScript with no access to the host: no network, no file system, no process, nothing
 * that outlives the call. A call never holds up the caller's event loop, whatever the code does.
 */
export interface Sandbox {
  /** Runs `main(input)` within the call's time and memory limits. */
  run(call: SandboxCall): Promise<SandboxResult>;
}
