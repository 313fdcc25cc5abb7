import * as client from 'openid-client';
import type { PendingSignIn } from '../../../application/identity/ports/identity-providers.ts';
import { SsoRejected } from '../../../domain/identity/sso-errors.ts';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';
import { isLoopbackHttp } from './provider-settings.ts';

/** How long one request to a provider may take. */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/** openid-client's options for a provider at `url`: plain HTTP is allowed for a loopback provider only. */
export function clientOptions(url: string): client.DiscoveryRequestOptions {
  return {
    execute: isLoopbackHttp(url) ? [client.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_SECONDS,
  };
}

/**
 * The authorization code request (RFC 6749 section 4.1) with PKCE S256 (RFC 7636), `state`, and for OpenID
 * Connect the `nonce` that the ID token must carry back.
 */
export async function authorizationRequest(
  config: client.Configuration,
  pending: PendingSignIn,
  redirectUri: string,
  scopes: readonly string[],
  withNonce: boolean,
): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state: pending.state,
    ...(withNonce && { nonce: pending.nonce }),
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/**
 * The callback checked and the code exchanged: the `state` must be this browser's (checked before any request),
 * the provider must accept the code with this verifier (a code is single use, and bound to the challenge), and
 * for OpenID Connect the ID token must verify and carry this browser's nonce.
 */
export async function exchangeCode(
  config: client.Configuration,
  pending: PendingSignIn,
  callbackUrl: URL,
  redirectUri: string,
  oidc: boolean,
) {
  try {
    return await client.authorizationCodeGrant(
      config,
      callbackUrl,
      {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        ...(oidc && { expectedNonce: pending.nonce }),
        idTokenExpected: oidc,
      },
      { redirect_uri: redirectUri },
    );
  } catch (error) {
    throw providerFailure(error);
  }
}

/**
 * What a failed exchange means for the person: the provider out of reach is a 503 to retry; any answer that
 * does not check out (state, code, nonce, signature, an `error` from the provider) proves nothing.
 */
export function providerFailure(error: unknown): Error {
  if (error instanceof SsoRejected || error instanceof ServiceUnavailable) return error;
  if (error instanceof TypeError || (error instanceof DOMException && /Timeout|Abort/.test(error.name))) {
    return new ServiceUnavailable('the sign-in provider cannot be reached; try again shortly');
  }
  if (error instanceof client.AuthorizationResponseError) {
    return new SsoRejected(
      error.error === 'access_denied'
        ? 'the sign-in was cancelled at the provider'
        : 'the provider refused the sign-in; start it again from the sign-in page',
    );
  }
  if (error instanceof client.ClientError && /"state"/.test(messages(error))) {
    return new SsoRejected('this sign-in answer does not belong to this browser (state mismatch)');
  }
  if (error instanceof client.ClientError && /"nonce"/.test(messages(error))) {
    return new SsoRejected('the ID token was not issued for this sign-in (nonce mismatch)');
  }
  if (error instanceof client.ResponseBodyError) {
    return new SsoRejected('the provider did not accept the sign-in code (used already, or not ours)');
  }
  return new SsoRejected();
}

/** An error's message and its causes' (openid-client wraps the precise one). */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error && parts.length < 5; e = e.cause) parts.push(e.message);
  return parts.join(': ');
}

/** Discovery or a fixed configuration, made once and kept; a failure is retried at the next sign-in. */
export function lazyConfiguration(
  make: () => Promise<client.Configuration>,
): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error instanceof TypeError || error instanceof DOMException || error instanceof client.ClientError
        ? new ServiceUnavailable('the sign-in provider cannot be reached; try again shortly')
        : error;
    });
    return pending;
  };
}
