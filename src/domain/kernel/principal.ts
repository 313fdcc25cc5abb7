import { ApiKeyNotAllowed } from './api-key-not-allowed.ts';
import type { ApiKeyRole } from './roles.ts';

/** A person calling with an access token: the user and the login session the token belongs to. */
export interface UserPrincipal {
  readonly kind: 'user';
  readonly userId: string;
  readonly sessionId: string;
}

/** The longest name of an API key, which a key's principal carries. */
export const MAX_API_KEY_NAME_LENGTH = 100;

/** A machine calling with a workspace API key: it acts in that one workspace, with the key's role. */
export interface ApiKeyPrincipal {
  readonly kind: 'api_key';
  readonly apiKeyId: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly role: ApiKeyRole;
}

/** Who is calling the API. */
export type Principal = UserPrincipal | ApiKeyPrincipal;

export function userPrincipal(userId: string, sessionId: string): UserPrincipal {
  return { kind: 'user', userId, sessionId };
}

/**
 * The person behind the call, for what only people do (their login sessions, their account, new workspaces,
 * new keys); a key gets ApiKeyNotAllowed.
 */
export function personOf(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw new ApiKeyNotAllowed();
  return principal;
}

/** The worker identity that holds the runs this caller claims: the login session, or the key. */
export function leaseOwner(principal: Principal): string {
  return principal.kind === 'user' ? principal.sessionId : principal.apiKeyId;
}

/** Who did it, for the audit log: the user and session, or (in the details) the key. */
export function auditActor(principal: Principal): {
  userId: string | null;
  sessionId: string | null;
  details: Record<string, string>;
} {
  return principal.kind === 'user'
    ? { userId: principal.userId, sessionId: principal.sessionId, details: {} }
    : { userId: null, sessionId: null, details: { by_api_key_id: principal.apiKeyId } };
}
