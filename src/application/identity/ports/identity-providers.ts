import type { ProviderProfile } from '../../../domain/identity/linked-identity.ts';

/** What a sign-in at a provider must bring back to be accepted; kept by the browser, sealed, until the callback. */
export interface PendingSignIn {
  readonly provider: string;
  readonly state: string;
  readonly nonce: string;
  /** The PKCE code verifier (RFC 7636) whose S256 challenge went with the authorization request. */
  readonly codeVerifier: string;
}

/** An operator-configured provider as the sign-in page lists it. */
export interface IdentityProviderInfo {
  readonly id: string;
  readonly name: string;
  /** Whether a person without an account here gets one on their first sign-in. */
  readonly signup: boolean;
}

/** The outside identity providers (OpenID Connect, GitHub's OAuth), one adapter per protocol. */
export interface IdentityProviders {
  list(): readonly IdentityProviderInfo[];
  /** The provider with this id, or undefined. */
  find(id: string): IdentityProviderInfo | undefined;
  /**
   * The address to send the browser to: an authorization code request with `pending`'s state, nonce (OIDC)
   * and S256 code challenge, returning to `redirectUri`. Throws ServiceUnavailable when the provider's
   * metadata cannot be read.
   */
  authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL>;
  /**
   * Checks the provider's answer at `callbackUrl` against `pending` (state, then the code exchanged with the
   * verifier, then for OIDC the ID token's signature, issuer, audience, expiry and nonce) and returns who
   * signed in. Throws SsoRejected for any answer that proves nothing, ServiceUnavailable when the provider
   * cannot be reached.
   */
  complete(pending: PendingSignIn, callbackUrl: URL, redirectUri: string): Promise<ProviderProfile>;
}
