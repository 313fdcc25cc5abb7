import type { Principal } from '../../domain/kernel/principal.ts';
import { ProviderAccount, type ProviderKind } from '../../domain/models/provider-account.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ProviderAccountRepository } from './ports/provider-account-repository.ts';

export interface CreateModelProviderInput {
  readonly name: string;
  readonly kind: ProviderKind;
  readonly baseUrl?: string | null | undefined;
  /** Null only from a workspace import (an export holds no key): set one with `PATCH` before calling it. */
  readonly apiKey: string | null;
}

export type CreateModelProvider = (
  principal: Principal,
  workspaceId: string,
  input: CreateModelProviderInput,
) => Promise<ProviderAccount>;

/** Admins and owners add a model provider; its key is sealed at rest and never shown again. */
export function makeCreateModelProvider(deps: {
  providerAccounts: ProviderAccountRepository;
  workspaceAccess: WorkspaceAccess;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  auditLog: AuditLog;
}): CreateModelProvider {
  return async (principal, workspaceId, input) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    const account = ProviderAccount.create({ ...input, id: deps.ids.newId(), workspaceId }, deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.providerAccounts.add(account);
      // The kind only: never the key, nor the address (a URL may carry internal names).
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'model_provider_created',
          workspaceId,
          { type: 'model_provider', id: account.id },
          { kind: account.kind },
        ),
      );
    });
    return account;
  };
}
