import * as client from 'openid-client';
import type { PendingSignIn } from '../../../application/identity/ports/identity-providers.ts';
import type { ProviderProfile } from '../../../domain/identity/linked-identity.ts';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';
import {
  authorizationRequest,
  clientOptions,
  exchangeCode,
  PROVIDER_TIMEOUT_SECONDS,
  providerFailure,
} from './code-flow.ts';
import type { ProviderProtocol } from './provider-protocol.ts';
import type { GitHubProviderSettings } from './provider-settings.ts';

interface GitHubUser {
  readonly id: number;
  readonly login: string;
  readonly name: string | null;
}

interface GitHubEmail {
  readonly email: string;
  readonly primary: boolean;
  readonly verified: boolean;
}

/**
 * GitHub's OAuth apps, which are OAuth 2.0 without OpenID Connect: the same code flow with PKCE and `state`
 * (no ID token, so no nonce), then who signed in from the REST API: `GET /user` (the numeric `id` is the
 * subject: a login can be renamed and reused) and `GET /user/emails`, of which only the primary address counts,
 * and only when GitHub marks it `verified`.
 */
export class GitHubProvider implements ProviderProtocol {
  readonly #settings: GitHubProviderSettings;
  readonly #config: client.Configuration;

  constructor(settings: GitHubProviderSettings) {
    this.#settings = settings;
    const server = {
      issuer: settings.webUrl,
      authorization_endpoint: `${settings.webUrl}/login/oauth/authorize`,
      token_endpoint: `${settings.webUrl}/login/oauth/access_token`,
    };
    this.#config = new client.Configuration(
      server,
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretPost(settings.clientSecret),
    );
    this.#config.timeout = PROVIDER_TIMEOUT_SECONDS;
    for (const apply of clientOptions(settings.webUrl).execute ?? []) apply(this.#config);
  }

  authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL> {
    return authorizationRequest(this.#config, pending, redirectUri, this.#settings.scopes, false);
  }

  async complete(pending: PendingSignIn, callbackUrl: URL, redirectUri: string): Promise<ProviderProfile> {
    const { access_token: token } = await exchangeCode(
      this.#config,
      pending,
      callbackUrl,
      redirectUri,
      false,
    );
    try {
      const user = await this.#get<GitHubUser>(token, '/user');
      const emails = await this.#get<GitHubEmail[]>(token, '/user/emails');
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true) : undefined;
      if (typeof user.id !== 'number' || typeof user.login !== 'string') throw new Error('not a GitHub user');
      return {
        subject: String(user.id),
        email: typeof primary?.email === 'string' ? primary.email : undefined,
        emailVerified: primary?.verified === true,
        name: typeof user.name === 'string' && user.name ? user.name : undefined,
        username: user.login,
      };
    } catch (error) {
      throw providerFailure(error);
    }
  }

  async #get<T>(token: string, path: string): Promise<T> {
    const headers = new Headers({
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'platform-api-sso',
    });
    const url = new URL(`${this.#settings.apiUrl}${path}`);
    const response = await client.fetchProtectedResource(this.#config, token, url, 'GET', null, headers);
    if (response.status >= 500)
      throw new ServiceUnavailable('GitHub cannot answer just now; try again shortly');
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`);
    return (await response.json()) as T;
  }
}
