import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { ApiKeyRole } from '../../domain/kernel/roles.ts';
import { type QuotaDeps, withinWorkspaceQuota } from '../kernel/within-quota.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { IssueApiKey, IssuedApiKey } from './issue-api-key.ts';

export interface CreateApiKeyInput {
  readonly name: string;
  readonly role: ApiKeyRole;
  readonly expiresAt: Date | null;
}

export type CreateApiKey = (
  principal: Principal,
  workspaceId: string,
  input: CreateApiKeyInput,
  ip: string,
) => Promise<IssuedApiKey>;

/**
 * A workspace admin makes a key for machines. A key cannot make keys (ApiKeyNotAllowed): a leaked key must not
 * be able to mint successors that outlive its revocation.
 */
export function makeCreateApiKey(
  deps: {
    workspaceAccess: WorkspaceAccess;
    issueApiKey: IssueApiKey;
  } & QuotaDeps,
): CreateApiKey {
  return async (principal, workspaceId, input, ip) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    const person = personOf(principal);
    return withinWorkspaceQuota(deps, 'api_keys', workspaceId, () =>
      deps.issueApiKey({
        ...input,
        workspaceId,
        createdBy: person.userId,
        audit: { sessionId: person.sessionId, ip },
      }),
    );
  };
}
