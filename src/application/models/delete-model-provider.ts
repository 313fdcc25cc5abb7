import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleProviderAccount, type ProviderAccessDeps } from './accessible-provider-account.ts';

export type DeleteModelProvider = (principal: Principal, id: string) => Promise<void>;

/** Admins and owners delete a model provider; its sealed key goes with it. */
export function makeDeleteModelProvider(
  deps: ProviderAccessDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteModelProvider {
  return async (principal, id) => {
    const account = await accessibleProviderAccount(deps, principal, id, 'admin');
    await deps.unitOfWork.transaction(async () => {
      await deps.providerAccounts.delete(account.id);
      await deps.auditLog.record(
        workspaceEvent(principal, 'model_provider_deleted', account.workspaceId, {
          type: 'model_provider',
          id: account.id,
        }),
      );
    });
  };
}
