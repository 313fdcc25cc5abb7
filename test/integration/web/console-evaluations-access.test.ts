import { expect } from 'chai';
import { api, principalOf } from '../../support/api.ts';
import { type FormClient, signedInClients } from '../../support/form-client.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/**
 * The datasets and evaluations pages of the console for each kind of visitor over plain HTTP: members read
 * (an outsider gets 404, as the API answers), only admins act (a member's form is 403 and changes nothing), and
 * no form is taken without the session's CSRF token or from another site. The evaluation runner is not started:
 * the evaluation stays running.
 */
describe('console datasets and evaluations pages: who may see and post what (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let owner: SignedUp;
  const ids = {} as Record<'workspace' | 'mission' | 'dataset' | 'evaluation', string>;
  const browsers = {} as Record<'owner' | 'member' | 'outsider' | 'anonymous', FormClient>;
  const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

  before(async () => {
    app = await startTestApp();
    owner = await signUp(app);
    const [member, outsider] = [await signUp(app), await signUp(app)];
    ids.workspace = (await call('POST', '/api/workspaces', { name: 'Evaluations access' })).body.id;
    const joiner = { principal: await principalOf(app, member), login: member.username };
    await joinWorkspace(app.container.cradle, await principalOf(app, owner), ids.workspace, joiner, 'member');
    ids.mission = (await call('POST', '/api/missions', { workspace_id: ids.workspace, name: 'm' })).body.id;
    ids.dataset = (await call('POST', '/api/datasets', { workspace_id: ids.workspace, name: 'd' })).body.id;
    await call('POST', `/api/datasets/${ids.dataset}/items`, { items: [{ input: 1, expected: 2 }] });
    const scorers = [{ name: 'e', kind: 'exact_match' }];
    const target = { mission_id: ids.mission };
    ids.evaluation = (
      await call('POST', '/api/evaluations', { dataset_id: ids.dataset, target, scorers })
    ).body.id;
    Object.assign(browsers, await signedInClients(app, { owner, member, outsider }));
  });

  after(async () => app?.close());

  it('shows each page to members, 404 to outsiders and to a path id that is no UUID, the sign-in form to strangers', async () => {
    const { workspace, dataset, evaluation } = ids;
    for (const path of [
      `/console/w/${workspace}/datasets`,
      `/console/datasets/${dataset}`,
      `/console/w/${workspace}/evaluations`,
      `/console/evaluations/${evaluation}`,
      `/console/w/${workspace}/evaluations/compare?base=${evaluation}&head=${evaluation}`,
    ]) {
      expect((await browsers.anonymous.get(path)).headers.get('location'), path).to.equal('/login');
      for (const [who, status] of [
        ['owner', 200],
        ['member', 200],
        ['outsider', 404],
      ] as const) {
        const response = await browsers[who].get(path);
        expect(response.status, `${who} ${path}`).to.equal(status);
        expect(response.headers.get('content-security-policy'), path).to.include("default-src 'none'");
      }
    }
    expect((await browsers.owner.get('/console/datasets/not-a-dataset')).status).to.equal(404);
    expect((await browsers.owner.get('/console/evaluations/not-an-evaluation')).status).to.equal(404);
    const unpicked = await browsers.owner.get(
      `/console/w/${workspace}/evaluations/compare?base=${evaluation}`,
    );
    expect(unpicked.status).to.equal(400);
    expect(await unpicked.text()).to.include('Pick two evaluations');
  });

  it('refuses every form without the CSRF token or from another site, and a member where the API does', async () => {
    const { workspace, dataset, evaluation } = ids;
    const forms = [
      [`/console/w/${workspace}/datasets`, { name: 'x' }],
      [`/console/datasets/${dataset}/items`, { input: '5' }],
      [
        `/console/w/${workspace}/evaluations`,
        { dataset: dataset, target: `mission:${ids.mission}`, scorers: '[{"name":"e","kind":"contains"}]' },
      ],
      [`/console/evaluations/${evaluation}/cancel`, {}],
    ] as const;
    const [ownerToken, memberToken, outsiderToken] = [
      await browsers.owner.csrfToken(),
      await browsers.member.csrfToken(),
      await browsers.outsider.csrfToken(),
    ];
    for (const [path, fields] of forms) {
      expect((await browsers.owner.post(path, fields)).status, `no token: ${path}`).to.equal(403);
      const foreign = await browsers.owner.post(
        path,
        { ...fields, _csrf: ownerToken },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status, `foreign: ${path}`).to.equal(403);
      expect(
        (await browsers.member.post(path, { ...fields, _csrf: memberToken })).status,
        `member: ${path}`,
      ).to.equal(403);
      expect((await browsers.outsider.post(path, { ...fields, _csrf: outsiderToken })).status, path).to.equal(
        404,
      );
    }
    expect((await call('GET', `/api/datasets?workspace_id=${workspace}`)).body.items).to.have.length(1);
    expect((await call('GET', `/api/datasets/${dataset}/items`)).body.items).to.have.length(1);
    const evaluations = (await call('GET', `/api/evaluations?workspace_id=${workspace}`)).body.items;
    expect(evaluations.map((e: { status: string }) => e.status)).to.deep.equal(['running']);
  });

  it("pages a dataset's items and an evaluation's results 50 at a time, with a link to the next page", async () => {
    const items = Array.from({ length: 50 }, (_, n) => ({ input: { n: n + 1 } }));
    await call('POST', `/api/datasets/${ids.dataset}/items`, { items });
    const scorers = [{ name: 'e', kind: 'exact_match' }];
    const target = { mission_id: ids.mission };
    const evaluation = (await call('POST', '/api/evaluations', { dataset_id: ids.dataset, target, scorers }))
      .body.id;
    // The evaluation's page has its scores table (a header and a row) above the results.
    for (const [path, above] of [
      [`/console/datasets/${ids.dataset}`, 0],
      [`/console/evaluations/${evaluation}`, 2],
    ] as const) {
      const first = await (await browsers.member.get(path)).text();
      expect(first.match(/<tr>/g), path).to.have.length(above + 51);
      const next = /<a href="([^"]+)" rel="next">/.exec(first)?.[1]?.replaceAll('&amp;', '&');
      expect(next, path).to.match(/\?cursor=/);
      const second = await (await browsers.member.get(next as string)).text();
      expect(second.match(/<tr>/g), `${path}: one more`).to.have.length(above + 2);
      expect(second).to.include('{&quot;n&quot;:50}').and.not.include('rel="next"');
    }
  });
});
