import type { IdentityProviders } from '../../../application/identity/ports/identity-providers.ts';

/** One provider's protocol (OpenID Connect, GitHub's OAuth): the two steps of `IdentityProviders`. */
export type ProviderProtocol = Pick<IdentityProviders, 'authorizationUrl' | 'complete'>;
