import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.ts';

const SECRET = 'the-client-secret-never-echoed';
const corp = {
  id: 'corp',
  name: 'Corp',
  issuer: 'https://idp.example.com',
  client_id: 'c',
  client_secret: SECRET,
};

function refusal(providers: unknown): string {
  try {
    loadConfig({ OIDC_PROVIDERS: typeof providers === 'string' ? providers : JSON.stringify(providers) });
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('OIDC_PROVIDERS was accepted');
}

describe('OIDC_PROVIDERS', () => {
  it('is empty when unset, and gives each provider its defaults', () => {
    expect(loadConfig({}).ssoProviders).to.deep.equal([]);
    const github = { id: 'github', preset: 'github', client_id: 'g', client_secret: SECRET };
    const { ssoProviders } = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([corp, github]),
      SIGNUP_ENABLED: 'true',
    });
    expect(ssoProviders).to.deep.equal([
      {
        id: 'corp',
        name: 'Corp',
        protocol: 'oidc',
        issuer: 'https://idp.example.com',
        clientId: 'c',
        clientSecret: SECRET,
        scopes: ['openid', 'email', 'profile'],
        signup: true,
      },
      {
        id: 'github',
        name: 'GitHub',
        protocol: 'github',
        webUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
        clientId: 'g',
        clientSecret: SECRET,
        scopes: ['read:user', 'user:email'],
        signup: true,
      },
    ]);
    const own = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([{ ...corp, signup: false }]),
      SIGNUP_ENABLED: 'true',
    });
    expect(own.ssoProviders[0]?.signup, 'a provider may say otherwise than SIGNUP_ENABLED').to.equal(false);
  });

  it('refuses bad entries with one line naming the entry and field, never echoing a value', () => {
    const cases: [unknown, string][] = [
      ['{not json', 'is not valid JSON'],
      [corp, 'must be a JSON array'],
      [[{ ...corp, issuer: 'http://idp.example.com' }], '[0].issuer must be https'],
      [[{ ...corp, issuer: undefined }], '[0] must have an issuer'],
      [[corp, { ...corp, name: 'Again' }], '[1].id repeats "corp"'],
      [[{ ...corp, client_secret: '' }], '[0].client_secret must NOT have fewer than 1 characters'],
      [[{ ...corp, scopes: ['email'] }], '[0].scopes must include "openid"'],
      [[{ ...corp, id: 'Has Spaces' }], '[0].id must match pattern'],
      [[{ ...corp, extra: SECRET }], '[0] must NOT have additional properties'],
      [[{ ...corp, preset: 'github' }], '[0].issuer is not used by the github preset'],
    ];
    for (const [providers, expected] of cases) {
      const message = refusal(providers);
      expect(message, JSON.stringify(providers)).to.include(
        `OIDC_PROVIDERS${expected.startsWith('[') ? '' : ' '}${expected}`,
      );
      expect(message).not.to.include(SECRET);
      expect(message.split('\n')).to.have.length(1);
    }
  });

  it('allows plain HTTP only to a loopback provider', () => {
    const local = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([{ ...corp, issuer: 'http://127.0.0.1:4000' }]),
    });
    expect(local.ssoProviders[0]).to.include({ issuer: 'http://127.0.0.1:4000' });
  });
});
