import type { Step, StepStatus } from '../../../domain/blueprints/step.ts';
import type { RunEventDraft } from '../../../domain/runs/index.ts';

/**
 * The `step` events of the steps whose status changed since `before` (CONTRACT section 9); a step `settled`
 * (started and finished in one change: a condition) shows `running` first.
 */
export function stepEvents(
  steps: readonly Step[],
  before: ReadonlyMap<string, StepStatus>,
  at: Date,
  settled: ReadonlySet<string> = new Set(),
): RunEventDraft[] {
  return steps
    .filter((step) => before.get(step.nodeId) !== step.status)
    .flatMap((step) => [
      ...(settled.has(step.nodeId) ? [stepEvent(step.nodeId, 'running', at)] : []),
      stepEvent(step.nodeId, step.status, at),
    ]);
}

function stepEvent(nodeId: string, status: StepStatus, at: Date): RunEventDraft {
  const data = { node_id: nodeId, status };
  return { type: 'step', level: null, message: null, data, at, bytes: JSON.stringify(data).length };
}
