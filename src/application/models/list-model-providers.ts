import type { ProviderAccount } from '../../domain/models/provider-account.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import type { ProviderAccountRepository } from './ports/provider-account-repository.ts';

export type ListModelProviders = WorkspaceList<ProviderAccount>;

/** A workspace's model providers, oldest first, for any member (never their keys: presenters show hints). */
export const makeListModelProviders = workspaceList(
  'member',
  (deps: { providerAccounts: ProviderAccountRepository }, workspaceId, page) =>
    deps.providerAccounts.list(workspaceId, page),
);
