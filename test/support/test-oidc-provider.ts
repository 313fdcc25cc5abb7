import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';
import { closeServer, createHttpServer, listenOn } from '../../src/adapters/platform/system/server.ts';

/** What the provider says about the person who types `login` on its (development) sign-in form. */
export interface ProviderAccount {
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
  readonly preferred_username?: string;
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The accounts by login name; a login not listed gets only a `sub`. */
  readonly accounts: Map<string, ProviderAccount>;
  /** Registers our client with these redirect URIs and starts answering (the app's address comes later). */
  serve(redirectUris: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (`oidc-provider`, certified by the OpenID Foundation) on a loopback port: discovery,
 * JWKS, authorization with its development login and consent pages, a token endpoint that takes a code once
 * and requires PKCE, UserInfo. The socket is bound first so the issuer (with its port) can be configured
 * before the application that must know it is started.
 */
export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  const server: Server = await listenOn(createHttpServer(), 0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'platform-test';
  const clientSecret = 'a-client-secret-that-must-never-be-logged';
  const accounts = new Map<string, ProviderAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    serve(redirectUris) {
      // Its start-up warnings (in-memory storage, development pages) are what a test provider is meant to use.
      const warn = console.warn;
      console.warn = () => {};
      let provider: Provider;
      try {
        provider = new Provider(issuer, {
          clients: [
            {
              client_id: clientId,
              client_secret: clientSecret,
              redirect_uris: [...redirectUris],
              grant_types: ['authorization_code'],
              response_types: ['code'],
            },
          ],
          jwks: { keys: [jwk] },
          cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
          claims: {
            openid: ['sub'],
            email: ['email', 'email_verified'],
            profile: ['name', 'preferred_username'],
          },
          pkce: { required: () => true },
          findAccount: (_ctx, sub) => ({
            accountId: sub,
            claims: async () => ({ sub, ...accounts.get(sub) }),
          }),
          features: { devInteractions: { enabled: true } },
          // Stated, so that the provider does not print a notice for each default on first use.
          ttl: {
            AccessToken: 600,
            AuthorizationCode: 60,
            Grant: 600,
            IdToken: 600,
            Interaction: 600,
            Session: 600,
          },
        });
      } finally {
        console.warn = warn;
      }
      server.on('request', provider.callback());
    },
    close: () => closeServer(server, 1000),
  };
}
