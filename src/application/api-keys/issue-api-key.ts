import { ApiKey } from '../../domain/api-keys/api-key.ts';
import { formatApiKey } from '../../domain/api-keys/api-key-format.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { ApiKeyRole } from '../../domain/kernel/roles.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceRepository } from '../workspaces/index.ts';
import type { ApiKeyRepository } from './ports/api-key-repository.ts';
import type { ApiKeySecrets } from './ports/api-key-secrets.ts';

export interface IssueApiKeyInput {
  readonly workspaceId: string;
  readonly name: string;
  readonly role: ApiKeyRole;
  readonly expiresAt: Date | null;
  /** The user creating it; null for an operator at the CLI. */
  readonly createdBy: string | null;
  readonly audit?: { readonly sessionId?: string | null; readonly ip?: string | null };
}

/** A stored key, and the key itself: shown this once, never again (only a hash of its secret is kept). */
export interface IssuedApiKey {
  readonly apiKey: ApiKey;
  readonly key: string;
}

export type IssueApiKey = (input: IssueApiKeyInput) => Promise<IssuedApiKey>;

/**
 * Makes a key for a workspace and records it in the audit log, in one transaction. No access check: callers
 * are `createApiKey` (which checks the caller) and the operator's CLI.
 */
export function makeIssueApiKey(deps: {
  apiKeys: ApiKeyRepository;
  apiKeySecrets: ApiKeySecrets;
  workspaces: WorkspaceRepository;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}): IssueApiKey {
  return async ({ workspaceId, name, role, expiresAt, createdBy, audit = {} }) => {
    const parts = { keyId: deps.apiKeySecrets.newKeyId(), secret: deps.apiKeySecrets.newSecret() };
    const apiKey = ApiKey.issue(
      {
        id: deps.ids.newId(),
        workspaceId,
        keyId: parts.keyId,
        secretHash: deps.apiKeySecrets.hash(parts.secret),
        name,
        role,
        createdBy,
        expiresAt,
      },
      deps.clock.now(),
    );
    await deps.unitOfWork.transaction(async () => {
      if (!(await deps.workspaces.findById(workspaceId))) throw new NotFound('workspace');
      await deps.apiKeys.add(apiKey);
      await deps.auditLog.record({
        type: 'api_key_created',
        userId: createdBy,
        workspaceId,
        target: { type: 'api_key', id: apiKey.id },
        sessionId: audit.sessionId ?? null,
        ip: audit.ip ?? null,
        details: { api_key_id: apiKey.id, workspace_id: workspaceId, role, name: apiKey.name },
      });
    });
    return { apiKey, key: formatApiKey(parts) };
  };
}
