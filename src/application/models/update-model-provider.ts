import type { Principal } from '../../domain/kernel/principal.ts';
import type { ProviderAccount, ProviderAccountChanges } from '../../domain/models/provider-account.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleProviderAccount, type ProviderAccessDeps } from './accessible-provider-account.ts';

export type UpdateModelProvider = (
  principal: Principal,
  id: string,
  changes: ProviderAccountChanges,
) => Promise<ProviderAccount>;

/** Admins and owners rename a model provider, move it, or replace its key. */
export function makeUpdateModelProvider(
  deps: ProviderAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): UpdateModelProvider {
  return async (principal, id, changes) => {
    const account = await accessibleProviderAccount(deps, principal, id, 'admin');
    account.update(changes, deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.providerAccounts.save(account);
      // The names of the fields changed, never their values (the key, an address).
      const fields = Object.entries(changes)
        .filter(([, value]) => value !== undefined)
        .map(([field]) => field)
        .sort()
        .join(',');
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'model_provider_updated',
          account.workspaceId,
          { type: 'model_provider', id: account.id },
          { fields },
        ),
      );
    });
    return account;
  };
}
