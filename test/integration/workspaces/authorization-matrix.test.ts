import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Principal } from '../../../src/domain/kernel/principal.ts';
import { api, type Caller as Credential, principalOf, withKey } from '../../support/api.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const PEOPLE = ['owner', 'admin', 'member', 'outsider'] as const;
type Person = (typeof PEOPLE)[number];
/** API keys: of the request's workspace with each role, and an admin key of another workspace. */
const KEYS = ['admin key', 'member key', 'outsider key'] as const;
type Key = (typeof KEYS)[number];
const CALLERS = [...PEOPLE, ...KEYS, 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];
/** A key acts like the person of the same role, unless a case says otherwise. */
const LIKE: Record<Key, Person> = {
  'admin key': 'admin',
  'member key': 'member',
  'outsider key': 'outsider',
};
/** 403 with `api_key_not_allowed`: a person's own action, refused to any key. */
const NOT_ALLOWED = 'not allowed';

/** A workspace of its own for every request, so that no request depends on another's effects. */
interface Fixture {
  readonly workspaceId: string;
  readonly missionId: string;
  readonly runId: string;
  /** An open invitation of the workspace to an address none of the callers holds. */
  readonly invitationId: string;
  /** An outbound webhook endpoint of the workspace, with one message (a cancelled run's). */
  readonly endpointId: string;
  readonly messageId: string;
  readonly apiKeyId: string;
  readonly scheduleId: string;
  readonly blueprintId: string;
  /** A pending approval of the fixture's run (opened as an agent's tool call would). */
  readonly approvalId: string;
  readonly providerId: string;
  readonly agentId: string;
  readonly threadId: string;
  readonly exportId: string;
  /** A file of the workspace holding an empty workspace export. */
  readonly exportFileId: string;
}

interface Case {
  readonly route: string;
  /** Expected status per person; anonymous is always 401. */
  readonly expect: Readonly<Record<Person, number>>;
  /** Where a key is not answered like the person of its role. */
  readonly keys?: Readonly<Partial<Record<Key, number | typeof NOT_ALLOWED>>>;
  readonly request: (f: Fixture) => { method: string; path: string; body?: unknown };
  /** Runs before the request, as the caller's principal (for example: claim the run as this worker). */
  readonly prepare?: (f: Fixture, caller: Principal, owner: Principal) => Promise<void>;
}

/** The smallest graph: one node that does nothing. */
const GRAPH = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };

const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
const OWNER_ONLY = (ok: number) => ({ owner: ok, admin: 403, member: 403, outsider: 404 });
const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });
/** An invitation shows to its invitee only: to everyone else, its workspace's owner included, it does not exist. */
const INVITEE_ONLY = { owner: 404, admin: 404, member: 404, outsider: 404 };

describe('authorisation matrix: every workspace, invitation, mission, run, schedule, model provider, agent, thread, blueprint, approval, sandbox, export, memory and feedback route for every role, as a person and as an API key', () => {
  let app: TestApp;
  const users = {} as Record<Person | 'extra', SignedUp>;
  const principals = {} as Record<Person | 'extra', Principal>;
  let outsiderKey: { caller: Credential; principal: Principal };

  before(async () => {
    // A fresh workspace for every case, all owned by one person: far past the per-person quota.
    app = await startTestApp({ QUOTA_WORKSPACES_PER_USER: '100000' });
    for (const name of ['owner', 'admin', 'member', 'outsider', 'extra'] as const) {
      users[name] = await signUp(app);
      principals[name] = await principalOf(app, users[name]);
    }
    const [elsewhere] = await app.container.cradle.workspaces.listForUser(users.outsider.userId);
    outsiderKey = await keyOf(principals.outsider, elsewhere?.workspace.id as string, 'admin');
  });
  after(() => app?.close());

  async function fixture(): Promise<Fixture> {
    const c = app.container.cradle;
    const owner = principals.owner;
    const { workspace } = await c.createWorkspace(owner, { name: 'Matrix' });
    for (const role of ['admin', 'member'] as const) {
      await joinWorkspace(
        c,
        owner,
        workspace.id,
        { principal: principals[role], login: users[role].username },
        role,
      );
    }
    const mission = await c.createMission(owner, { workspaceId: workspace.id, name: 'm' });
    const run = await c.startRun(owner, mission.id, {});
    const invitation = await c.inviteMember(owner, workspace.id, {
      usernameOrEmail: `guest-${randomUUID()}@example.com`,
      role: 'member',
    });
    const endpoint = await c.createWebhookEndpoint(owner, workspace.id, {
      url: 'https://receiver.example/hooks',
      eventTypes: ['run.cancelled'],
    });
    await c.cancelRun(owner, (await c.startRun(owner, mission.id, {})).id);
    const [message] = (await c.listWebhookMessages(owner, endpoint.id, { limit: 1 })).items;
    if (!message) throw new Error('cancelling a run recorded no webhook message');
    const { apiKey } = await c.createApiKey(
      owner,
      workspace.id,
      { name: 'k', role: 'member', expiresAt: null },
      'ip',
    );
    // Yearly: no server of a later test on this database finds it due.
    const schedule = await c.createSchedule(owner, { missionId: mission.id, name: 's', cron: '0 3 1 1 *' });
    const blueprint = await c.createBlueprint(owner, { workspaceId: workspace.id, name: 'b', graph: GRAPH });
    const approval = await c.openApproval({
      runId: run.id,
      nodeId: null,
      toolCallId: 'call_1',
      title: 'Go on?',
      payload: {},
      timeoutSeconds: null,
    });
    const provider = await c.createModelProvider(owner, workspace.id, {
      name: 'p',
      kind: 'openai',
      apiKey: 'sk-m',
    });
    const agent = await c.createAgent(owner, {
      workspace_id: workspace.id,
      name: 'a',
      provider_id: provider.id,
      model: 'm',
      instructions: 'i',
    });
    const thread = await c.createThread(owner, { workspace_id: workspace.id, agent_id: agent.agent.id });
    const exported = await c.requestExport(owner, workspace.id, { kind: 'runs', format: 'csv' });
    await c.putMemoryItem(owner, {
      workspace_id: workspace.id,
      namespace: ['matrix'],
      key: 'k',
      value: { a: 1 },
    });
    const empty = {
      format: 'workspace-export',
      version: 1,
      missions: [],
      blueprints: [],
      triggers: [],
      schedules: [],
    };
    const exportFile = await c.uploadFile(owner, {
      workspaceId: workspace.id,
      name: 'export.json',
      contentType: 'application/json',
      bytes: (async function* () {
        yield Buffer.from(JSON.stringify(empty));
      })(),
    });
    return {
      providerId: provider.id,
      agentId: agent.agent.id,
      threadId: thread.id,
      exportId: exported.id,
      exportFileId: exportFile.id,
      blueprintId: blueprint.id,
      approvalId: approval.id,
      scheduleId: schedule.id,
      workspaceId: workspace.id,
      missionId: mission.id,
      runId: run.id,
      apiKeyId: apiKey.id,
      invitationId: invitation.id,
      endpointId: endpoint.id,
      messageId: message.message.id,
    };
  }

  async function keyOf(creator: Principal, workspaceId: string, role: 'admin' | 'member') {
    const c = app.container.cradle;
    const { key } = await c.createApiKey(creator, workspaceId, { name: role, role, expiresAt: null }, 'ip');
    return { caller: withKey(key), principal: await c.authenticateApiKey(key) };
  }

  /** The request's credential and principal: a user's, or a key made for this fixture's workspace. */
  async function callerFor(who: Exclude<Caller, 'anonymous'>, f: Fixture) {
    if (who === 'outsider key') return outsiderKey;
    if (who === 'admin key' || who === 'member key') {
      return keyOf(principals.owner, f.workspaceId, who === 'admin key' ? 'admin' : 'member');
    }
    return { caller: users[who], principal: principals[who] };
  }

  const worksHere = (f: Fixture, caller: Principal) =>
    caller.kind === 'api_key'
      ? caller.role === 'admin' && caller.workspaceId === f.workspaceId
      : [principals.owner, principals.admin].includes(caller);
  const claimAsCallerIfAdmin = async (f: Fixture, caller: Principal, owner: Principal) => {
    const claimer = worksHere(f, caller) ? caller : owner;
    await app.container.cradle.claimRun(claimer, { workspaceId: f.workspaceId });
  };
  const addExtra = async (f: Fixture, _caller: Principal, owner: Principal) => {
    const joiner = { principal: principals.extra, login: users.extra.username };
    await joinWorkspace(app.container.cradle, owner, f.workspaceId, joiner, 'member');
  };

  const cases: Case[] = [
    {
      route: 'GET /api/workspaces',
      expect: { ...READ, outsider: 200 },
      keys: { 'outsider key': 200 },
      request: () => ({ method: 'GET', path: '/api/workspaces' }),
    },
    {
      route: 'POST /api/workspaces',
      expect: { owner: 201, admin: 201, member: 201, outsider: 201 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({ method: 'POST', path: '/api/workspaces', body: { name: 'Mine' } }),
    },
    {
      route: 'GET /api/workspaces/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}` }),
    },
    {
      route: 'PATCH /api/workspaces/{id}',
      expect: OWNER_ONLY(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/workspaces/${f.workspaceId}`,
        body: { name: 'Renamed' },
      }),
    },
    {
      route: 'DELETE /api/workspaces/{id}',
      expect: OWNER_ONLY(204),
      request: (f) => ({ method: 'DELETE', path: `/api/workspaces/${f.workspaceId}` }),
    },
    {
      route: 'GET /api/workspaces/{id}/members',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/members` }),
    },
    {
      route: 'GET /api/workspaces/{id}/audit-events',
      expect: ADMIN(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/audit-events` }),
    },
    {
      route: 'GET /api/workspaces/{id}/retention',
      expect: OWNER_ONLY(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/retention` }),
    },
    {
      route: 'PUT /api/workspaces/{id}/retention',
      expect: OWNER_ONLY(200),
      request: (f) => ({
        method: 'PUT',
        path: `/api/workspaces/${f.workspaceId}/retention`,
        body: { runs: 30, audit: 400 },
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/exports',
      expect: ADMIN(202),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/exports`,
        body: { kind: 'audit_events', format: 'ndjson' },
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/imports',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/imports`,
        body: { file_id: f.exportFileId },
      }),
    },
    {
      route: 'GET /api/exports/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'GET', path: `/api/exports/${f.exportId}` }),
    },
    {
      route: 'GET /api/auth/audit-events',
      expect: { owner: 200, admin: 200, member: 200, outsider: 200 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({ method: 'GET', path: '/api/auth/audit-events' }),
    },
    {
      route: 'GET /api/auth/mfa/totp',
      expect: { owner: 200, admin: 200, member: 200, outsider: 200 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({ method: 'GET', path: '/api/auth/mfa/totp' }),
    },
    {
      // A person's own second factor: anyone signed in may start enrolling theirs (again, while pending).
      route: 'POST /api/auth/mfa/totp',
      expect: { owner: 201, admin: 201, member: 201, outsider: 201 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({ method: 'POST', path: '/api/auth/mfa/totp' }),
    },
    {
      // With an enrolment pending, a wrong code: the route reaches the caller's own second factor.
      route: 'POST /api/auth/mfa/totp/confirm',
      expect: { owner: 400, admin: 400, member: 400, outsider: 400 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      prepare: async (_f, caller) => {
        if (caller.kind === 'user') await app.container.cradle.startTotpEnrolment(caller);
      },
      request: () => ({ method: 'POST', path: '/api/auth/mfa/totp/confirm', body: { code: '000000' } }),
    },
    {
      // Nobody here has two-factor login on: 409 once past authentication.
      route: 'DELETE /api/auth/mfa/totp',
      expect: { owner: 409, admin: 409, member: 409, outsider: 409 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({
        method: 'DELETE',
        path: '/api/auth/mfa/totp',
        body: { password: 'any password', code: '000000' },
      }),
    },
    {
      route: 'PATCH /api/workspaces/{id}/members/{user_id}',
      expect: OWNER_ONLY(200),
      prepare: addExtra,
      request: (f) => ({
        method: 'PATCH',
        path: `/api/workspaces/${f.workspaceId}/members/${users.extra.userId}`,
        body: { role: 'admin' },
      }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/members/{user_id}',
      expect: OWNER_ONLY(204),
      prepare: addExtra,
      request: (f) => ({
        method: 'DELETE',
        path: `/api/workspaces/${f.workspaceId}/members/${users.extra.userId}`,
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/invitations',
      expect: OWNER_ONLY(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/invitations`,
        body: { username_or_email: users.extra.email, role: 'admin' },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/invitations',
      expect: OWNER_ONLY(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/invitations` }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/invitations/{invitation_id}',
      expect: OWNER_ONLY(204),
      request: (f) => ({
        method: 'DELETE',
        path: `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}`,
      }),
    },
    {
      route: 'GET /api/invitations',
      expect: { ...READ, outsider: 200 },
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: () => ({ method: 'GET', path: '/api/invitations' }),
    },
    {
      route: 'POST /api/invitations/{id}/accept',
      expect: INVITEE_ONLY,
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: (f) => ({ method: 'POST', path: `/api/invitations/${f.invitationId}/accept` }),
    },
    {
      route: 'POST /api/invitations/{id}/decline',
      expect: INVITEE_ONLY,
      keys: { 'admin key': NOT_ALLOWED, 'member key': NOT_ALLOWED, 'outsider key': NOT_ALLOWED },
      request: (f) => ({ method: 'POST', path: `/api/invitations/${f.invitationId}/decline` }),
    },
    {
      route: 'POST /api/workspaces/{id}/api-keys',
      expect: ADMIN(201),
      keys: { 'admin key': NOT_ALLOWED },
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/api-keys`,
        body: { name: 'worker', role: 'admin' },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/api-keys',
      expect: ADMIN(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/api-keys` }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/api-keys/{key_id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/workspaces/${f.workspaceId}/api-keys/${f.apiKeyId}` }),
    },
    {
      route: 'POST /api/missions',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/missions',
        body: { workspace_id: f.workspaceId, name: 'new' },
      }),
    },
    {
      route: 'GET /api/missions',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/missions?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/missions/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/missions/${f.missionId}` }),
    },
    {
      route: 'PATCH /api/missions/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'PATCH', path: `/api/missions/${f.missionId}`, body: { name: 'changed' } }),
    },
    {
      route: 'DELETE /api/missions/{id}',
      expect: ADMIN(204),
      prepare: async (f, _caller, owner) => void (await app.container.cradle.cancelRun(owner, f.runId)),
      request: (f) => ({ method: 'DELETE', path: `/api/missions/${f.missionId}` }),
    },
    {
      route: 'POST /api/missions/{id}/runs',
      expect: ADMIN(202),
      request: (f) => ({ method: 'POST', path: `/api/missions/${f.missionId}/runs`, body: {} }),
    },
    {
      route: 'GET /api/runs',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/runs/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}` }),
    },
    {
      route: 'POST /api/runs/{id}/cancel',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/cancel` }),
    },
    {
      // With a filter the workspace is checked first; with ids each run is checked (and answered) on its own.
      route: 'POST /api/runs/bulk',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'POST',
        path: '/api/runs/bulk',
        body: { action: 'cancel', filter: { workspace_id: f.workspaceId, status: 'queued' } },
      }),
    },
    {
      route: 'GET /api/runs/{id}/steps',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}/steps` }),
    },
    {
      // The fixture's run is no failed blueprint run: those allowed get 409 (the state), the others never.
      route: 'POST /api/runs/{id}/retry',
      expect: { owner: 409, admin: 409, member: 403, outsider: 404 },
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/retry` }),
    },
    {
      route: 'POST /api/runs/{id}/replay',
      expect: ADMIN(202),
      prepare: async (f, _caller, owner) =>
        void (await app.container.cradle.cancelRun(owner, f.runId).catch(() => undefined)),
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/replay` }),
    },
    {
      route: 'POST /api/runs/claim',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: '/api/runs/claim', body: { workspace_id: f.workspaceId } }),
    },
    {
      route: 'POST /api/runs/{id}/heartbeat',
      expect: ADMIN(200),
      prepare: claimAsCallerIfAdmin,
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/heartbeat`, body: {} }),
    },
    {
      route: 'POST /api/runs/{id}/complete',
      expect: ADMIN(200),
      prepare: claimAsCallerIfAdmin,
      request: (f) => ({
        method: 'POST',
        path: `/api/runs/${f.runId}/complete`,
        body: { status: 'succeeded' },
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/webhook-endpoints',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/webhook-endpoints`,
        body: { url: 'https://receiver.example/other', event_types: ['run.failed'] },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/webhook-endpoints',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/webhook-endpoints` }),
    },
    {
      route: 'GET /api/webhook-endpoints/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/webhook-endpoints/${f.endpointId}` }),
    },
    {
      route: 'PATCH /api/webhook-endpoints/{id}',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/webhook-endpoints/${f.endpointId}`,
        body: { enabled: false },
      }),
    },
    {
      route: 'DELETE /api/webhook-endpoints/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/webhook-endpoints/${f.endpointId}` }),
    },
    {
      route: 'POST /api/webhook-endpoints/{id}/rotate-secret',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/webhook-endpoints/${f.endpointId}/rotate-secret` }),
    },
    {
      route: 'GET /api/webhook-endpoints/{id}/messages',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/webhook-endpoints/${f.endpointId}/messages` }),
    },
    {
      route: 'POST /api/workspaces/{id}/model-providers',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/model-providers`,
        body: { name: 'other', kind: 'anthropic', api_key: 'sk-other' },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/model-providers',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/model-providers` }),
    },
    {
      route: 'GET /api/model-providers/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/model-providers/${f.providerId}` }),
    },
    {
      route: 'PATCH /api/model-providers/{id}',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/model-providers/${f.providerId}`,
        body: { api_key: 'sk-replaced' },
      }),
    },
    {
      route: 'DELETE /api/model-providers/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/model-providers/${f.providerId}` }),
    },
    {
      route: 'POST /api/agents',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/agents',
        body: {
          workspace_id: f.workspaceId,
          name: 'other',
          provider_id: f.providerId,
          model: 'm',
          instructions: '',
        },
      }),
    },
    {
      route: 'GET /api/agents',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/agents?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/agents/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/agents/${f.agentId}` }),
    },
    {
      route: 'PATCH /api/agents/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'PATCH', path: `/api/agents/${f.agentId}`, body: { model: 'm2' } }),
    },
    {
      route: 'DELETE /api/agents/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/agents/${f.agentId}` }),
    },
    {
      route: 'GET /api/agents/{id}/versions/{version}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/agents/${f.agentId}/versions/1` }),
    },
    {
      route: 'POST /api/threads',
      expect: { owner: 201, admin: 201, member: 201, outsider: 404 },
      request: (f) => ({
        method: 'POST',
        path: '/api/threads',
        body: { workspace_id: f.workspaceId, agent_id: f.agentId },
      }),
    },
    {
      route: 'GET /api/threads',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/threads?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/threads/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/threads/${f.threadId}` }),
    },
    {
      route: 'DELETE /api/threads/{id}',
      expect: { owner: 204, admin: 204, member: 204, outsider: 404 },
      request: (f) => ({ method: 'DELETE', path: `/api/threads/${f.threadId}` }),
    },
    {
      route: 'POST /api/threads/{id}/messages',
      expect: { owner: 202, admin: 202, member: 202, outsider: 404 },
      request: (f) => ({
        method: 'POST',
        path: `/api/threads/${f.threadId}/messages`,
        body: { content: 'hi' },
      }),
    },
    {
      route: 'GET /api/threads/{id}/messages',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/threads/${f.threadId}/messages` }),
    },
    {
      route: 'GET /api/threads/{id}/stream',
      expect: { owner: 204, admin: 204, member: 204, outsider: 404 },
      request: (f) => ({ method: 'GET', path: `/api/threads/${f.threadId}/stream` }),
    },
    {
      route: 'POST /api/threads/{id}/stop',
      expect: { owner: 204, admin: 204, member: 204, outsider: 404 },
      request: (f) => ({ method: 'POST', path: `/api/threads/${f.threadId}/stop` }),
    },
    {
      route: 'POST /api/webhook-messages/{id}/resend',
      expect: ADMIN(202),
      request: (f) => ({ method: 'POST', path: `/api/webhook-messages/${f.messageId}/resend` }),
    },
    {
      route: 'POST /api/runs/{id}/events',
      expect: ADMIN(201),
      prepare: claimAsCallerIfAdmin,
      request: (f) => ({
        method: 'POST',
        path: `/api/runs/${f.runId}/events`,
        body: { events: [{ type: 'log', message: 'hello' }] },
      }),
    },
    {
      route: 'GET /api/runs/{id}/events',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}/events` }),
    },
    {
      route: 'GET /api/runs/{id}/events/stream',
      expect: READ,
      // A finished run's stream ends after its backlog, so the request completes.
      prepare: async (f, _caller, owner) => void (await app.container.cradle.cancelRun(owner, f.runId)),
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}/events/stream` }),
    },
    {
      route: 'POST /api/schedules',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/schedules',
        body: { mission_id: f.missionId, name: 'nightly', cron: '0 2 1 1 *' },
      }),
    },
    {
      route: 'GET /api/schedules',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/schedules?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/schedules/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/schedules/${f.scheduleId}` }),
    },
    {
      route: 'PATCH /api/schedules/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'PATCH', path: `/api/schedules/${f.scheduleId}`, body: { enabled: false } }),
    },
    {
      route: 'DELETE /api/schedules/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/schedules/${f.scheduleId}` }),
    },
    {
      route: 'POST /api/sandboxes/run',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'POST',
        path: '/api/sandboxes/run',
        body: { workspace_id: f.workspaceId, language: 'javascript', code: 'function main() { return 1 }' },
      }),
    },
    {
      route: 'GET /api/approvals',
      expect: READ,
      request: (f) => ({
        method: 'GET',
        path: `/api/approvals?workspace_id=${f.workspaceId}&status=pending`,
      }),
    },
    {
      route: 'GET /api/approvals/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/approvals/${f.approvalId}` }),
    },
    {
      route: 'POST /api/approvals/{id}/approve',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/approvals/${f.approvalId}/approve`, body: {} }),
    },
    {
      route: 'POST /api/approvals/{id}/reject',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'POST',
        path: `/api/approvals/${f.approvalId}/reject`,
        body: { comment: 'no' },
      }),
    },
    {
      route: 'POST /api/blueprints',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/blueprints',
        body: { workspace_id: f.workspaceId, name: 'new', graph: GRAPH },
      }),
    },
    {
      route: 'POST /api/blueprints/validate',
      // Checks a graph of no workspace: any signed-in caller.
      expect: { owner: 200, admin: 200, member: 200, outsider: 200 },
      request: () => ({ method: 'POST', path: '/api/blueprints/validate', body: { graph: GRAPH } }),
    },
    {
      route: 'GET /api/templates',
      // The server's built-in templates, no workspace's: any signed-in caller.
      expect: { owner: 200, admin: 200, member: 200, outsider: 200 },
      request: () => ({ method: 'GET', path: '/api/templates' }),
    },
    {
      route: 'GET /api/blueprints',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/blueprints?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/blueprints/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/blueprints/${f.blueprintId}` }),
    },
    {
      route: 'PATCH /api/blueprints/{id}',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/blueprints/${f.blueprintId}`,
        body: { name: 'renamed' },
      }),
    },
    {
      route: 'DELETE /api/blueprints/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/blueprints/${f.blueprintId}` }),
    },
    {
      route: 'POST /api/blueprints/{id}/versions',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/blueprints/${f.blueprintId}/versions`,
        body: { graph: GRAPH, base_version: 1 },
      }),
    },
    {
      route: 'GET /api/blueprints/{id}/versions',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/blueprints/${f.blueprintId}/versions` }),
    },
    {
      route: 'GET /api/blueprints/{id}/versions/{version}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/blueprints/${f.blueprintId}/versions/1` }),
    },
    {
      route: 'GET /api/blueprints/{id}/versions/{a}/diff/{b}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/blueprints/${f.blueprintId}/versions/1/diff/1` }),
    },
    {
      route: 'POST /api/runs/{id}/feedback',
      expect: { ...READ, owner: 201, admin: 201, member: 201 },
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/feedback`, body: { score: 1 } }),
    },
    {
      route: 'GET /api/runs/{id}/feedback',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}/feedback` }),
    },
    {
      route: 'POST /api/runs/{id}/feedback-links',
      expect: { ...READ, owner: 201, admin: 201, member: 201 },
      request: (f) => ({
        method: 'POST',
        path: `/api/runs/${f.runId}/feedback-links`,
        body: { expires_in_seconds: 60 },
      }),
    },
    {
      route: 'GET /api/feedback/summary',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/feedback/summary?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'PUT /api/memory/items',
      expect: { ...READ, owner: 201, admin: 201, member: 201 },
      request: (f) => ({
        method: 'PUT',
        path: '/api/memory/items',
        body: { workspace_id: f.workspaceId, namespace: ['matrix'], key: 'new', value: { b: 2 } },
      }),
    },
    {
      route: 'GET /api/memory/items',
      expect: READ,
      request: (f) => ({
        method: 'GET',
        path: `/api/memory/items?workspace_id=${f.workspaceId}&namespace=matrix&key=k`,
      }),
    },
    {
      route: 'DELETE /api/memory/items',
      expect: { ...READ, owner: 204, admin: 204, member: 204 },
      request: (f) => ({
        method: 'DELETE',
        path: `/api/memory/items?workspace_id=${f.workspaceId}&namespace=matrix&key=k`,
      }),
    },
    {
      route: 'POST /api/memory/search',
      expect: READ,
      request: (f) => ({
        method: 'POST',
        path: '/api/memory/search',
        body: { workspace_id: f.workspaceId, namespace_prefix: ['matrix'], query: 'x' },
      }),
    },
  ];

  it('covers every registered route of workspaces, invitations, missions, runs, schedules, outbound webhooks, model providers, agents, threads, blueprints, templates, approvals, sandboxes, exports, memory, feedback, the audit API and the two-factor settings', () => {
    const registered = app.container.cradle.routes
      .filter((r) =>
        /^\/api\/(workspaces|invitations|missions|runs|schedules|webhook-endpoints|webhook-messages|model-providers|agents|threads|blueprints|templates|approvals|sandboxes|exports|memory|feedback\/summary|auth\/audit-events|auth\/mfa)/.test(
          r.path,
        ),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(cases.map((c) => c.route)).to.have.members(registered);
  });

  const expectedOf = (testCase: Case, who: Caller): { status: number; code?: string } => {
    if (who === 'anonymous') return { status: 401, code: 'unauthorized' };
    const want = (KEYS as readonly string[]).includes(who)
      ? (testCase.keys?.[who as Key] ?? testCase.expect[LIKE[who as Key]])
      : testCase.expect[who as Person];
    if (want === NOT_ALLOWED) return { status: 403, code: 'api_key_not_allowed' };
    const codes = { 400: 'invalid_code', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
    return { status: want, code: codes[want as keyof typeof codes] };
  };

  for (const testCase of cases) {
    it(testCase.route, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      // A fixture of its own per caller, so that no caller's request depends on another's effects; a read
      // with nothing prepared changes nothing, and its callers share one. Built side by side.
      const reads = testCase.route.startsWith('GET ') && !testCase.prepare;
      const shared = reads ? fixture() : undefined;
      const fixtures = await Promise.all(CALLERS.map(() => shared ?? fixture()));
      for (const [index, who] of CALLERS.entries()) {
        const f = fixtures[index] as Fixture;
        const as = who === 'anonymous' ? undefined : await callerFor(who, f);
        if (as) await testCase.prepare?.(f, as.principal, principals.owner);
        const { method, path, body } = testCase.request(f);
        const response = await api(app, as?.caller, method, path, body);
        const want = expectedOf(testCase, who);
        outcomes.push(`${who} ${response.status} ${response.status >= 400 ? response.body?.code : ''}`);
        expected.push(`${who} ${want.status} ${want.code ?? ''}`);
        if (testCase.route === 'GET /api/workspaces' && want.status === 200) {
          const ids = response.body.items.map((w: { id: string }) => w.id);
          expect(ids.includes(f.workspaceId), who).to.equal(!who.startsWith('outsider'));
        }
      }
      expect(outcomes).to.deep.equal(expected);
    });
  }

  it("answers another workspace's resources exactly like resources that do not exist", async () => {
    const f = await fixture();
    const pairs = [
      [`/api/workspaces/${f.workspaceId}`, `/api/workspaces/${randomUUID()}`],
      [`/api/missions/${f.missionId}`, `/api/missions/${randomUUID()}`],
      [`/api/runs/${f.runId}`, `/api/runs/${randomUUID()}`],
      [`/api/runs?workspace_id=${f.workspaceId}`, `/api/runs?workspace_id=${randomUUID()}`],
      [`/api/runs?parent_run_id=${f.runId}`, `/api/runs?parent_run_id=${randomUUID()}`],
      [`/api/runs/${f.runId}/steps`, `/api/runs/${randomUUID()}/steps`],
      [`/api/runs/${f.runId}/feedback`, `/api/runs/${randomUUID()}/feedback`],
      [`/api/webhook-endpoints/${f.endpointId}`, `/api/webhook-endpoints/${randomUUID()}`],
      [`/api/webhook-endpoints/${f.endpointId}/messages`, `/api/webhook-endpoints/${randomUUID()}/messages`],
      [`/api/schedules/${f.scheduleId}`, `/api/schedules/${randomUUID()}`],
      [`/api/runs/${f.runId}/events`, `/api/runs/${randomUUID()}/events`],
      [`/api/blueprints/${f.blueprintId}`, `/api/blueprints/${randomUUID()}`],
      [`/api/approvals/${f.approvalId}`, `/api/approvals/${randomUUID()}`],
      [`/api/approvals?workspace_id=${f.workspaceId}`, `/api/approvals?workspace_id=${randomUUID()}`],
      [`/api/model-providers/${f.providerId}`, `/api/model-providers/${randomUUID()}`],
      [`/api/agents/${f.agentId}`, `/api/agents/${randomUUID()}`],
      [`/api/threads/${f.threadId}`, `/api/threads/${randomUUID()}`],
      [`/api/threads/${f.threadId}/messages`, `/api/threads/${randomUUID()}/messages`],
      [`/api/blueprints/${f.blueprintId}/versions/1`, `/api/blueprints/${randomUUID()}/versions/1`],
    ];
    for (const [existing, missing] of pairs) {
      for (const caller of [users.outsider, outsiderKey.caller]) {
        const hidden = await api(app, caller, 'GET', existing as string);
        const absent = await api(app, caller, 'GET', missing as string);
        expect(hidden.status, existing).to.equal(404);
        expect(hidden.body, existing).to.deep.equal(absent.body);
      }
    }
  });
});
