import type { CurrentCaller } from '../../../application/identity/get-current-user.ts';
import type { SessionView } from '../../../application/identity/list-sessions.ts';
import type { CurrentBrowserSession } from '../../../application/identity/resolve-browser-session.ts';
import type { TokenPair } from '../../../application/identity/token-pair.ts';
import type { BrowserSessionLifetimes } from '../../../domain/identity/browser-session.ts';
import type { User } from '../../../domain/identity/user.ts';

/** The answer of login and refresh (RFC 6749 section 5.1 names). */
export function presentTokens(pair: TokenPair) {
  return {
    access_token: pair.accessToken,
    token_type: 'Bearer',
    expires_in: pair.expiresIn,
    refresh_token: pair.refreshToken,
    refresh_expires_in: pair.refreshExpiresIn,
  };
}

export function presentUserSummary(user: User) {
  return { id: user.id, username: user.username, email: user.email, display_name: user.displayName };
}

export function presentUser(user: User) {
  return { ...presentUserSummary(user), created_at: user.createdAt.toISOString() };
}

/** The caller: a person with the workspaces they belong to and their role in each, or an API key. */
export function presentMe(caller: CurrentCaller) {
  if (caller.kind === 'api_key') {
    const { apiKeyId, name, workspaceId, role } = caller.apiKey;
    return { api_key: { id: apiKeyId, name, workspace_id: workspaceId, role } };
  }
  return {
    ...presentUser(caller.user),
    email_verified: caller.user.emailVerified,
    workspaces: caller.workspaces.map(({ workspace, role }) => ({
      id: workspace.id,
      name: workspace.name,
      role,
    })),
  };
}

export function presentLoginSession({ session, current }: SessionView) {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    user_agent: session.userAgent,
    ip: session.ip,
    current,
  };
}

export function presentBrowserSession(current: CurrentBrowserSession, lifetimes: BrowserSessionLifetimes) {
  return {
    user: presentUserSummary(current.user),
    expires_at: current.session.endsAt(lifetimes).toISOString(),
  };
}
