import { expect } from 'chai';
import { api, principalOf } from './api.ts';
import { type FormClient, signedInClients } from './form-client.ts';
import { joinWorkspace } from './members.ts';
import { type SignedUp, signUp, type TestApp } from './test-app.ts';

/** The visitors of the console's access tests: an owner, a member and an outsider of one workspace. */
export interface ConsoleVisitors {
  readonly owner: SignedUp;
  readonly member: SignedUp;
  readonly outsider: SignedUp;
  readonly workspaceId: string;
  /** Each one's browser, signed in through the sign-in form; `anonymous` is signed out. */
  readonly browsers: Record<'owner' | 'member' | 'outsider' | 'anonymous', FormClient>;
}

/** Signs up an owner, a member of the owner's new workspace `workspaceName` and an outsider, each signed in. */
export async function consoleVisitors(app: TestApp, workspaceName: string): Promise<ConsoleVisitors> {
  const [owner, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
  const workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: workspaceName })).body.id;
  const joiner = { principal: await principalOf(app, member), login: member.username };
  await joinWorkspace(app.container.cradle, await principalOf(app, owner), workspaceId, joiner, 'member');
  const browsers = await signedInClients(app, { owner, member, outsider });
  return { owner, member, outsider, workspaceId, browsers };
}

/** Each form, posted by `browser` without the CSRF token, with a wrong one, and from another site: 403 each time. */
export async function expectForgedFormsRefused(
  browser: FormClient,
  forms: readonly (readonly [string, Readonly<Record<string, string>>])[],
): Promise<void> {
  const token = await browser.csrfToken();
  for (const [path, fields] of forms) {
    expect((await browser.post(path, fields)).status, `no token: ${path}`).to.equal(403);
    expect((await browser.post(path, { ...fields, _csrf: 'wrong' })).status, path).to.equal(403);
    const foreign = await browser.post(path, { ...fields, _csrf: token }, { origin: 'https://evil.example' });
    expect(foreign.status, `foreign: ${path}`).to.equal(403);
  }
}
