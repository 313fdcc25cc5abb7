import type { Clock } from '../kernel/ports/clock.ts';
import type { CreatorKeyScope, CreatorKeys } from '../kernel/ports/creator-keys.ts';
import type { AuditLog } from './ports/audit-log.ts';

export interface CreatorKeyDeps {
  readonly creatorKeys: CreatorKeys;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
}

/** Why a person's keys were revoked with their access, as the audit log says it. */
export type CreatorKeyReason = 'creator_disabled' | 'creator_removed' | 'creator_demoted';

/** Revokes the keys `userId` created within `scope`, each audited as `api_key_revoked` with the reason. */
export async function revokeCreatorKeys(
  deps: CreatorKeyDeps,
  userId: string,
  scope: CreatorKeyScope,
  reason: CreatorKeyReason,
): Promise<number> {
  const revoked = await deps.creatorKeys.revokeCreatedBy(userId, scope, deps.clock.now());
  for (const key of revoked) {
    await deps.auditLog.record({
      type: 'api_key_revoked',
      userId,
      details: { api_key_id: key.id, workspace_id: key.workspaceId, reason },
    });
  }
  return revoked.length;
}
