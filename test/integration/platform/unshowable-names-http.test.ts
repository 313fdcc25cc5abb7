import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { testValue } from '../../support/suite-values.ts';

/** Names that would show as something else: reordered by a bidirectional control, or padded invisibly. */
const SPOOFING = ['invoice\u202Efdp.exe', 'pay\u200Bpal', 'admin\u2066x\u2069', 'x\uFEFFy'];
const graph = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };

describe('every kind of name refuses bidirectional controls and zero-width characters over HTTP (400)', () => {
  const app = suiteApp({ SIGNUP_ENABLED: 'true' });
  const owner = suiteUser(app);
  const place = testValue(async () => {
    const workspace = await api(app, owner, 'POST', '/api/workspaces', { name: 'Names' });
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.body.id,
      name: 'plain',
    });
    return { workspaceId: workspace.body.id as string, missionId: mission.body.id as string };
  });

  const creations: [string, string, (name: string) => object][] = [
    ['a workspace', '/api/workspaces', (name) => ({ name })],
    ['a mission', '/api/missions', (name) => ({ workspace_id: place.workspaceId, name })],
    ['a trigger', '/api/triggers', (name) => ({ mission_id: place.missionId, name })],
    ['a schedule', '/api/schedules', (name) => ({ mission_id: place.missionId, name, cron: '0 3 * * *' })],
    ['an API key', '', (name) => ({ name, role: 'member' })],
    ['a blueprint', '/api/blueprints', (name) => ({ workspace_id: place.workspaceId, name, graph })],
  ];

  for (const [what, path, body] of creations) {
    it(`refuses such a name for ${what}, creating nothing`, async () => {
      const url = path || `/api/workspaces/${place.workspaceId}/api-keys`;
      for (const name of SPOOFING) {
        const refused = await api(app, owner, 'POST', url, body(name));
        expect(refused.status, `${JSON.stringify(name)}: ${JSON.stringify(refused.body)}`).to.equal(400);
        expect(refused.body.code).to.equal('validation_failed');
      }
      // The same request with a plain name goes through: the refusal was the name's.
      expect((await api(app, owner, 'POST', url, body('Plain name'))).status).to.be.oneOf([201, 202]);
    });
  }

  it('refuses such a display name at sign-up', async () => {
    for (const name of SPOOFING) {
      const refused = await api(app, undefined, 'POST', '/api/auth/register', {
        username: `n${Math.random().toString(36).slice(2, 10)}`,
        email: `n${Math.random().toString(36).slice(2, 10)}@example.com`,
        password: 'a long enough password',
        display_name: name,
      });
      expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
    }
  });
});
