import { SsoAccountRefused, SsoRejected } from '../../domain/identity/sso-errors.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { SecretBox } from '../kernel/ports/secret-box.ts';
import type { IdentityProviders } from './ports/identity-providers.ts';
import type { SsoAccount } from './sso-account.ts';
import type { BrowserSessionRequest, SignedIn, StartBrowserSession } from './start-browser-session.ts';
import { openPendingSso } from './start-sso.ts';

export interface FinishSsoInput extends BrowserSessionRequest {
  readonly providerId: string;
  /** The callback address as the browser requested it (code, state or error in its query). */
  readonly callbackUrl: URL;
  readonly redirectUri: string;
  /** The sealed pending sign-in the browser kept (`StartSso`). */
  readonly sealed: string | undefined;
}

export type FinishSso = (input: FinishSsoInput) => Promise<SignedIn>;

/**
 * The provider's callback: the pending sign-in this browser kept, the provider's answer checked against it,
 * the account found, linked or created, then a browser session. A refusal at any step is audited as a failed
 * login and starts nothing.
 */
export function makeFinishSso(deps: {
  identityProviders: IdentityProviders;
  ssoAccount: SsoAccount;
  startBrowserSession: StartBrowserSession;
  secretBox: SecretBox;
  auditLog: AuditLog;
  clock: Clock;
}): FinishSso {
  return async ({ providerId, callbackUrl, redirectUri, sealed, ...request }) => {
    const provider = deps.identityProviders.find(providerId);
    if (!provider) throw new NotFound('this sign-in provider');
    try {
      const pending = openPendingSso(deps, sealed, providerId);
      const profile = await deps.identityProviders.complete(pending, callbackUrl, redirectUri);
      const user = await deps.ssoAccount(provider, profile, request.ip);
      return await deps.startBrowserSession(user, request, {
        surface: 'browser',
        method: 'sso',
        provider: providerId,
      });
    } catch (error) {
      if (error instanceof SsoRejected || error instanceof SsoAccountRefused) {
        await deps.auditLog.record({
          type: 'login_failed',
          userId: null,
          ip: request.ip,
          details: { provider: providerId, reason: error.code },
        });
      }
      throw error;
    }
  };
}
