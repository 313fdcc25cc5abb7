import type {
  IdentityProviderInfo,
  IdentityProviders,
  PendingSignIn,
} from '../../../application/identity/ports/identity-providers.ts';
import type { ProviderProfile } from '../../../domain/identity/linked-identity.ts';
import { NotFound } from '../../../domain/kernel/errors.ts';
import type { ProviderProtocol } from './provider-protocol.ts';
import type { SsoProviderSettings } from './provider-settings.ts';

/**
 * The providers of `OIDC_PROVIDERS`, each speaking its protocol; the client secrets stay inside them.
 * The protocol code (openid-client) is loaded on a provider's first sign-in, not at start: most
 * instances configure no provider, and those that do pay for it when someone signs in.
 */
export class ConfiguredIdentityProviders implements IdentityProviders {
  readonly #infos: IdentityProviderInfo[];
  readonly #settings = new Map<string, SsoProviderSettings>();
  readonly #protocols = new Map<string, Promise<ProviderProtocol>>();

  constructor(settings: readonly SsoProviderSettings[]) {
    this.#infos = settings.map(({ id, name, signup }) => ({ id, name, signup }));
    for (const provider of settings) this.#settings.set(provider.id, provider);
  }

  list(): readonly IdentityProviderInfo[] {
    return this.#infos;
  }

  find(id: string): IdentityProviderInfo | undefined {
    return this.#infos.find((info) => info.id === id);
  }

  async authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL> {
    return (await this.#protocol(pending.provider)).authorizationUrl(pending, redirectUri);
  }

  async complete(pending: PendingSignIn, callbackUrl: URL, redirectUri: string): Promise<ProviderProfile> {
    return (await this.#protocol(pending.provider)).complete(pending, callbackUrl, redirectUri);
  }

  #protocol(id: string): Promise<ProviderProtocol> {
    const settings = this.#settings.get(id);
    if (!settings) throw new NotFound('this sign-in provider');
    let protocol = this.#protocols.get(id);
    if (!protocol) {
      protocol = loadProtocol(settings);
      this.#protocols.set(id, protocol);
    }
    return protocol;
  }
}

async function loadProtocol(settings: SsoProviderSettings): Promise<ProviderProtocol> {
  if (settings.protocol === 'github') {
    const { GitHubProvider } = await import('./github-provider.ts');
    return new GitHubProvider(settings);
  }
  const { OpenIdConnectProvider } = await import('./openid-connect-provider.ts');
  return new OpenIdConnectProvider(settings);
}
