import type { Step, StepStatus } from '../../../domain/blueprints/step.ts';
import type { RunEventDraft } from '../../../domain/runs/index.ts';

/** The `step` events of the steps whose status changed since `before` (CONTRACT section 9). */
export function stepEvents(
  steps: readonly Step[],
  before: ReadonlyMap<string, StepStatus>,
  at: Date,
): RunEventDraft[] {
  return steps
    .filter((step) => before.get(step.nodeId) !== step.status)
    .map((step) => {
      const data = { node_id: step.nodeId, status: step.status };
      return { type: 'step', level: null, message: null, data, at, bytes: JSON.stringify(data).length };
    });
}
