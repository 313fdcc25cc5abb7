import type { Principal } from '../../domain/kernel/principal.ts';
import { sandboxLimits } from '../../domain/sandboxes/sandbox-limits.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { Sandbox, SandboxResult } from './ports/sandbox.ts';

export interface RunSandboxInput {
  readonly workspaceId: string;
  readonly language: 'javascript';
  readonly code: string;
  readonly input?: unknown;
  readonly timeoutMs?: number | undefined;
  readonly memoryMb?: number | undefined;
}

export type RunSandbox = (principal: Principal, input: RunSandboxInput) => Promise<SandboxResult>;

/** Admins and owners run JavaScript in the sandbox: `main(input)` within the time and memory limits. */
export function makeRunSandbox(deps: { sandbox: Sandbox; workspaceAccess: WorkspaceAccess }): RunSandbox {
  return async (principal, { workspaceId, code, input, timeoutMs, memoryMb }) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    return deps.sandbox.run({ code, input: input ?? null, ...sandboxLimits({ timeoutMs, memoryMb }) });
  };
}
