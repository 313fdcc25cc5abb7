import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig: the web application settings', () => {
  it('defaults to 8 h idle and 7 days absolute, and to Secure cookies exactly when PUBLIC_URL is https', () => {
    expect(loadConfig({}).browserSession).to.deep.equal({ idleSeconds: 28800, absoluteSeconds: 604800 });
    expect(loadConfig({}).cookieSecure).to.equal(false);
    expect(loadConfig({ PUBLIC_URL: 'https://platform.example.com' }).cookieSecure).to.equal(true);
    expect(
      loadConfig({ PUBLIC_URL: 'https://platform.example.com', COOKIE_SECURE: 'false' }).cookieSecure,
    ).to.equal(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).to.equal(true);
  });

  it('reads the lifetimes', () => {
    const config = loadConfig({
      BROWSER_SESSION_IDLE_SECONDS: '900',
      BROWSER_SESSION_ABSOLUTE_SECONDS: '3600',
    });
    expect(config.browserSession).to.deep.equal({ idleSeconds: 900, absoluteSeconds: 3600 });
  });

  it('refuses bad values with one line naming the variable', () => {
    for (const [env, variable] of [
      [{ COOKIE_SECURE: 'sometimes' }, 'COOKIE_SECURE'],
      [{ BROWSER_SESSION_IDLE_SECONDS: '59' }, 'BROWSER_SESSION_IDLE_SECONDS'],
      [{ BROWSER_SESSION_ABSOLUTE_SECONDS: 'forever' }, 'BROWSER_SESSION_ABSOLUTE_SECONDS'],
      [
        { BROWSER_SESSION_IDLE_SECONDS: '7200', BROWSER_SESSION_ABSOLUTE_SECONDS: '3600' },
        'BROWSER_SESSION_ABSOLUTE_SECONDS',
      ],
    ] as const) {
      expect(() => loadConfig(env))
        .to.throw(ConfigError)
        .with.property('message')
        .that.includes(variable)
        .and.not.include('\n');
    }
  });
});
