import * as client from 'openid-client';
import type { PendingSignIn } from '../../../application/identity/ports/identity-providers.ts';
import type { ProviderProfile } from '../../../domain/identity/linked-identity.ts';
import {
  authorizationRequest,
  clientOptions,
  exchangeCode,
  lazyConfiguration,
  providerFailure,
} from './code-flow.ts';
import type { ProviderProtocol } from './provider-protocol.ts';
import type { OidcProviderSettings } from './provider-settings.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/**
 * An OpenID Connect provider through `openid-client` (v6): discovery from the issuer, the authorization code
 * flow with PKCE, `state` and `nonce`, the ID token verified against the provider's JWKS (signature, issuer,
 * audience, expiry, nonce), then the UserInfo endpoint for claims the ID token leaves out.
 */
export class OpenIdConnectProvider implements ProviderProtocol {
  readonly #settings: OidcProviderSettings;
  readonly #configuration: () => Promise<client.Configuration>;

  constructor(settings: OidcProviderSettings) {
    this.#settings = settings;
    this.#configuration = lazyConfiguration(() =>
      client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        client.ClientSecretBasic(settings.clientSecret),
        clientOptions(settings.issuer),
      ),
    );
  }

  async authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL> {
    const config = await this.#configuration();
    return authorizationRequest(config, pending, redirectUri, this.#settings.scopes, true);
  }

  async complete(pending: PendingSignIn, callbackUrl: URL, redirectUri: string): Promise<ProviderProfile> {
    const config = await this.#configuration();
    const tokens = await exchangeCode(config, pending, callbackUrl, redirectUri, true);
    const idToken = tokens.claims();
    if (!idToken) throw providerFailure(new Error('no ID token'));
    let claims: Record<string, unknown> = idToken;
    if (config.serverMetadata().userinfo_endpoint) {
      try {
        // The ID token's claims win: they are signed. UserInfo only fills what it left out (many providers
        // put only `sub` in the ID token when an access token can fetch the rest).
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
      } catch (error) {
        throw providerFailure(error);
      }
    }
    return {
      subject: idToken.sub,
      email: text(claims.email),
      // Only the boolean `true` counts: a missing claim, `false` or a string is not a verified address.
      emailVerified: claims.email_verified === true,
      name: text(claims.name),
      username: text(claims.preferred_username),
    };
  }
}
