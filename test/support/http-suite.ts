import type { Role } from '../../src/domain/kernel/roles.ts';
import { api } from './api.ts';
import { joinWorkspaceOverHttp } from './members.ts';
import { suiteValue } from './suite-values.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from './test-app.ts';
import { ownerWithMission, type WebhookOwner } from './webhook-fixture.ts';

/** Environment variables of an app, or how to find them once the suite starts (a test Redis's URL, say). */
export type AppEnv = Record<string, string> | (() => Promise<Record<string, string>>);

/**
 * The real app of a suite: started (with `env`) before its tests, closed after them; with `dispose`, its
 * container too (the Redis connections of its rate limiters, the LISTEN connection of its caches).
 */
export const suiteApp = (env: AppEnv = {}, options: { readonly dispose?: boolean } = {}): TestApp =>
  suiteValue(
    async () => startTestApp(typeof env === 'function' ? await env() : env),
    async (app) => {
      await app.close();
      if (options.dispose) await app.container.dispose();
    },
  );

/** A user signed up on `app` before the suite's tests. */
export const suiteUser = (app: TestApp): SignedUp => suiteValue(() => signUp(app));

/** A user with a mission in their personal workspace, made on `app` before the suite's tests. */
export const suiteWebhookOwner = (app: TestApp): WebhookOwner => suiteValue(() => ownerWithMission(app));

/** Who joins a workspace, and as what. */
export type Members = ReadonlyArray<readonly [SignedUp, Role]>;

/** A workspace `owner` creates over HTTP before the suite's tests, the `members` joined in their roles. */
export const suiteWorkspace = (app: TestApp, owner: SignedUp, name: string, members: Members = []) =>
  suiteValue(() => workspaceOverHttp(app, owner, name, members));

/** A workspace made over HTTP as any client makes one: created by `owner`, then joined by each member. */
export async function workspaceOverHttp(
  app: TestApp,
  owner: SignedUp,
  name: string,
  members: Members = [],
): Promise<{ readonly id: string }> {
  const created = await api(app, owner, 'POST', '/api/workspaces', { name });
  if (created.status !== 201)
    throw new Error(`workspace not created: ${created.status} ${JSON.stringify(created.body)}`);
  for (const [member, role] of members)
    await joinWorkspaceOverHttp(app, owner, created.body.id, member, role);
  return created.body;
}

/** A mission made over HTTP in `workspaceId` before the suite's tests. */
export const suiteMission = (
  app: TestApp,
  owner: SignedUp,
  workspace: { readonly id: string },
  name: string,
) =>
  suiteValue(async (): Promise<{ readonly id: string }> => {
    const created = await api(app, owner, 'POST', '/api/missions', { workspace_id: workspace.id, name });
    if (created.status !== 201)
      throw new Error(`mission not created: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body;
  });
