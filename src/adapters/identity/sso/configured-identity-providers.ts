import type {
  IdentityProviderInfo,
  IdentityProviders,
  PendingSignIn,
} from '../../../application/identity/ports/identity-providers.ts';
import type { ProviderProfile } from '../../../domain/identity/linked-identity.ts';
import { NotFound } from '../../../domain/kernel/errors.ts';
import { GitHubProvider } from './github-provider.ts';
import { OpenIdConnectProvider } from './openid-connect-provider.ts';
import type { ProviderProtocol } from './provider-protocol.ts';
import type { SsoProviderSettings } from './provider-settings.ts';

/** The providers of `OIDC_PROVIDERS`, each speaking its protocol; the client secrets stay inside them. */
export class ConfiguredIdentityProviders implements IdentityProviders {
  readonly #infos: IdentityProviderInfo[];
  readonly #protocols = new Map<string, ProviderProtocol>();

  constructor(settings: readonly SsoProviderSettings[]) {
    this.#infos = settings.map(({ id, name, signup }) => ({ id, name, signup }));
    for (const provider of settings) {
      this.#protocols.set(
        provider.id,
        provider.protocol === 'github' ? new GitHubProvider(provider) : new OpenIdConnectProvider(provider),
      );
    }
  }

  list(): readonly IdentityProviderInfo[] {
    return this.#infos;
  }

  find(id: string): IdentityProviderInfo | undefined {
    return this.#infos.find((info) => info.id === id);
  }

  authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL> {
    return this.#protocol(pending.provider).authorizationUrl(pending, redirectUri);
  }

  complete(pending: PendingSignIn, callbackUrl: URL, redirectUri: string): Promise<ProviderProfile> {
    return this.#protocol(pending.provider).complete(pending, callbackUrl, redirectUri);
  }

  #protocol(id: string): ProviderProtocol {
    const protocol = this.#protocols.get(id);
    if (!protocol) throw new NotFound('this sign-in provider');
    return protocol;
  }
}
