import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { ProviderAccountRepository } from './ports/provider-account-repository.ts';

export type ProviderAccessDeps = AccessDeps & { readonly providerAccounts: ProviderAccountRepository };

/** The account when the caller holds `minimum` in its workspace; another workspace's account is NotFound. */
export const accessibleProviderAccount = accessibleInWorkspace(
  'model provider',
  (deps: ProviderAccessDeps, id) => deps.providerAccounts.findById(id),
);
