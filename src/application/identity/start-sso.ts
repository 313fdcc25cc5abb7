import { SsoRejected } from '../../domain/identity/sso-errors.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { SecretBox } from '../kernel/ports/secret-box.ts';
import type { IdentityProviders, PendingSignIn } from './ports/identity-providers.ts';
import type { SessionTokens } from './ports/session-tokens.ts';

/** How long a browser has to come back from the provider. */
const PENDING_SSO_SECONDS = 600;
const SEAL_CONTEXT = 'sso-pending';

export interface StartedSso {
  /** Where to send the browser. */
  readonly authorizationUrl: URL;
  /** The pending sign-in, sealed: for a cookie of this browser only, opened by `openPendingSso`. */
  readonly sealed: string;
  /** How long the pending sign-in stays usable. */
  readonly expiresInSeconds: number;
}

export type StartSso = (providerId: string, redirectUri: string) => Promise<StartedSso>;

/**
 * Starts a sign-in at a provider: fresh `state`, `nonce` and PKCE verifier, each 256 random bits, sealed (AES-GCM
 * under the master key) into what the browser keeps until it comes back. Nothing is stored server-side, so any
 * instance can take the callback; what makes the answer single-use is the provider's single-use code and the
 * cookie being cleared at the callback.
 */
export function makeStartSso(deps: {
  identityProviders: IdentityProviders;
  sessionTokens: SessionTokens;
  secretBox: SecretBox;
  clock: Clock;
}): StartSso {
  return async (providerId, redirectUri) => {
    if (!deps.identityProviders.find(providerId)) throw new NotFound('this sign-in provider');
    const pending: PendingSignIn = {
      provider: providerId,
      state: deps.sessionTokens.newToken(),
      nonce: deps.sessionTokens.newToken(),
      codeVerifier: deps.sessionTokens.newToken(),
    };
    const authorizationUrl = await deps.identityProviders.authorizationUrl(pending, redirectUri);
    const expiresAt = deps.clock.now().getTime() + PENDING_SSO_SECONDS * 1000;
    const sealed = deps.secretBox.seal(JSON.stringify({ ...pending, expiresAt }), SEAL_CONTEXT);
    return { authorizationUrl, sealed, expiresInSeconds: PENDING_SSO_SECONDS };
  };
}

/**
 * The pending sign-in a browser brought back for `providerId`; SsoRejected when it is missing, altered, expired
 * or was started for another provider.
 */
export function openPendingSso(
  deps: { secretBox: SecretBox; clock: Clock },
  sealed: string | undefined,
  providerId: string,
): PendingSignIn {
  if (!sealed) throw new SsoRejected('this sign-in was not started in this browser, or it has already ended');
  let opened: PendingSignIn & { expiresAt: number };
  try {
    opened = JSON.parse(deps.secretBox.open(sealed, SEAL_CONTEXT));
  } catch {
    throw new SsoRejected();
  }
  if (opened.provider !== providerId || opened.expiresAt <= deps.clock.now().getTime()) {
    throw new SsoRejected('this sign-in took too long or was started elsewhere; start it again');
  }
  const { expiresAt: _expiresAt, ...pending } = opened;
  return pending;
}
