import type {
  IdentityProviderInfo,
  IdentityProviders,
  PendingSignIn,
} from '../../src/application/identity/ports/identity-providers.ts';
import type { ProviderProfile } from '../../src/domain/identity/linked-identity.ts';
import { SsoRejected } from '../../src/domain/identity/sso-errors.ts';

/**
 * The identity providers port for use-case tests: the provider "signs in" whoever the test scripted, and
 * holds the adapter's side of the contract that matters to the use cases (the state must come back).
 * The real protocols are tested against real servers (test/e2e/single-sign-on.test.ts).
 */
export class ScriptedIdentityProviders implements IdentityProviders {
  readonly #infos: IdentityProviderInfo[];
  /** Who signs in at the provider next. */
  profile: ProviderProfile = {
    subject: 's-1',
    email: undefined,
    emailVerified: false,
    name: undefined,
    username: undefined,
  };

  constructor(infos: IdentityProviderInfo[]) {
    this.#infos = infos;
  }

  list(): readonly IdentityProviderInfo[] {
    return this.#infos;
  }

  find(id: string): IdentityProviderInfo | undefined {
    return this.#infos.find((info) => info.id === id);
  }

  async authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<URL> {
    const url = new URL(`https://idp.example/${pending.provider}/authorize`);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', pending.state);
    return url;
  }

  async complete(pending: PendingSignIn, callbackUrl: URL): Promise<ProviderProfile> {
    if (callbackUrl.searchParams.get('state') !== pending.state) throw new SsoRejected('state mismatch');
    return this.profile;
  }
}
