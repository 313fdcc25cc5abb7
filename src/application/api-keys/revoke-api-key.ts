import { NotFound } from '../../domain/kernel/errors.ts';
import { auditActor, type Principal } from '../../domain/kernel/principal.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ApiKeyRepository } from './ports/api-key-repository.ts';

export type RevokeApiKey = (
  principal: Principal,
  workspaceId: string,
  apiKeyId: string,
  ip: string,
) => Promise<void>;

/**
 * An admin revokes a key of the workspace: the next request made with it is a 401, on every instance. A key
 * of another workspace, or one already revoked, is NotFound.
 */
export function makeRevokeApiKey(deps: {
  apiKeys: ApiKeyRepository;
  workspaceAccess: WorkspaceAccess;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
}): RevokeApiKey {
  return async (principal, workspaceId, apiKeyId, ip) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    await deps.unitOfWork.transaction(async () => {
      const key = await deps.apiKeys.findById(apiKeyId);
      const revoked =
        key?.workspaceId === workspaceId && (await deps.apiKeys.revoke(apiKeyId, deps.clock.now()));
      if (!revoked) throw new NotFound('API key');
      const actor = auditActor(principal);
      await deps.auditLog.record({
        type: 'api_key_revoked',
        userId: actor.userId,
        apiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
        workspaceId,
        target: { type: 'api_key', id: apiKeyId },
        sessionId: actor.sessionId,
        ip,
        details: { ...actor.details, api_key_id: apiKeyId, workspace_id: workspaceId },
      });
    });
  };
}
