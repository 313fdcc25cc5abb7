import { jsonByteLength } from '../../../domain/kernel/json-document.ts';
import type { RunEventDraft, RunEventType } from '../../../domain/runs/index.ts';

/** One event of an agent run's answer (CONTRACT section 10): `message.delta`, `tool.call`, `tool.result`, `usage`. */
export function agentEvent(type: RunEventType, data: unknown, at: Date): RunEventDraft {
  return { type, level: null, message: null, data, at, bytes: jsonByteLength(data) };
}
