import type { Principal } from '../../domain/kernel/principal.ts';
import type { ProviderAccount } from '../../domain/models/provider-account.ts';
import { accessibleProviderAccount, type ProviderAccessDeps } from './accessible-provider-account.ts';

export type GetModelProvider = (principal: Principal, id: string) => Promise<ProviderAccount>;

/** Any member reads a model provider (never its key: presenters show its hint). */
export function makeGetModelProvider(deps: ProviderAccessDeps): GetModelProvider {
  return (principal, id) => accessibleProviderAccount(deps, principal, id, 'member');
}
