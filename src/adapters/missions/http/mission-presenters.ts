import { blueprintOf, type Mission } from '../../../domain/missions/mission.ts';
import type { RunPolicy } from '../../../domain/missions/run-policy.ts';

export function presentMission(mission: Mission) {
  return {
    id: mission.id,
    workspace_id: mission.workspaceId,
    name: mission.name,
    description: mission.description,
    definition: mission.definition,
    policy: presentPolicy(mission.policy),
    blueprint: blueprintOf(mission),
    created_at: mission.createdAt.toISOString(),
    updated_at: mission.updatedAt.toISOString(),
  };
}

/** Every field of a run policy, `null` when unset. */
function presentPolicy(policy: RunPolicy) {
  return {
    timeout_seconds: policy.timeoutSeconds,
    max_attempts: policy.maxAttempts,
    retry_backoff_seconds: policy.retryBackoffSeconds,
    concurrency_limit: policy.concurrencyLimit,
    concurrency_key: policy.concurrencyKey,
  };
}
