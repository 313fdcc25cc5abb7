import { expect } from 'chai';
import { api, withKey } from '../../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { TestApp } from '../../support/test-app.ts';

type Json = Record<string, unknown>;

/** POST to a feedback link as anyone would: no credentials. */
async function answerLink(app: TestApp, url: string, body: unknown, ip?: string) {
  const path = new URL(url).pathname;
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

for (const [family, env] of [
  ['PostgreSQL', { FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE: '1000' }],
  ['memory', { PERSISTENCE: 'memory', FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE: '1000' }],
] as const) {
  describe(`feedback over HTTP (${family})`, function () {
    this.timeout(30_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Feedback', [[member, 'member']]);
    const mission = suiteMission(app, owner, workspace, 'judged');

    async function newRun(): Promise<string> {
      const run = await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, { input: {} });
      expect(run.status).to.equal(202);
      return run.body.id;
    }
    async function linkFor(runId: string, seconds = 600): Promise<{ url: string; expires_at: string }> {
      const made = await api(app, member, 'POST', `/api/runs/${runId}/feedback-links`, {
        expires_in_seconds: seconds,
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body;
    }

    it('takes feedback from members and keys, lists it, and sums it up by mission and time', async () => {
      const runId = await newRun();
      const given = await api(app, member, 'POST', `/api/runs/${runId}/feedback`, {
        score: 1,
        label: 'helpful',
      });
      expect(given.status).to.equal(201);
      expect(given.body).to.include({
        run_id: runId,
        score: 1,
        label: 'helpful',
        comment: null,
        source: 'user',
      });
      expect(given.body.created_by).to.equal(member.userId);
      const key = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
        name: 'ci',
        role: 'member',
      });
      const byKey = await api(app, withKey(key.body.key), 'POST', `/api/runs/${runId}/feedback`, {
        score: 0.5,
        comment: 'slow but right',
      });
      expect(byKey.body).to.include({ source: 'api_key', created_by: null });
      for (const bad of [
        {},
        { score: 1.5 },
        { score: -0.1 },
        { label: '' },
        { label: 'x'.repeat(65) },
        { other: 1 },
      ]) {
        const refused = await api(app, member, 'POST', `/api/runs/${runId}/feedback`, bad);
        expect(refused.status, JSON.stringify(bad)).to.equal(400);
      }
      const list = await api(app, member, 'GET', `/api/runs/${runId}/feedback?limit=1`);
      expect(list.body.items.map((f: Json) => f.score)).to.deep.equal([1]);
      const rest = await api(
        app,
        member,
        'GET',
        `/api/runs/${runId}/feedback?cursor=${list.body.next_cursor}`,
      );
      expect(rest.body).to.deep.include({ next_cursor: null });
      expect(rest.body.items.map((f: Json) => f.score)).to.deep.equal([0.5]);
      const summary = await api(
        app,
        member,
        'GET',
        `/api/feedback/summary?workspace_id=${workspace.id}&mission_id=${mission.id}&since=${given.body.created_at}`,
      );
      expect(summary.status).to.equal(200);
      expect(summary.body.count).to.be.at.least(2);
      const later = await api(
        app,
        member,
        'GET',
        `/api/feedback/summary?workspace_id=${workspace.id}&since=${new Date(Date.now() + 60_000).toISOString()}`,
      );
      expect(later.body).to.deep.equal({ count: 0, mean_score: null, labels: {} });
    });

    it('takes one answer through a feedback link, without credentials, and refuses a replay', async () => {
      const runId = await newRun();
      const link = await linkFor(runId);
      expect(link.url).to.match(
        /^https?:\/\/[^/]+\/api\/feedback\/links\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/,
      );
      const first = await answerLink(app, link.url, { score: 0, label: 'wrong', comment: 'Nope.' });
      expect(first.status, JSON.stringify(first.body)).to.equal(201);
      expect(first.body).to.include({ run_id: runId, source: 'link', created_by: null });
      const replay = await answerLink(app, link.url, { score: 1 });
      expect(replay.status).to.equal(404);
      const concurrent = await linkFor(runId, 601);
      const answers = await Promise.all([1, 2, 3].map(() => answerLink(app, concurrent.url, { score: 1 })));
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 404, 404]);
      const list = await api(app, member, 'GET', `/api/runs/${runId}/feedback`);
      expect(list.body.items).to.have.length(2);
    });

    it('refuses a forged, altered, expired or foreign link alike with 404, storing nothing', async () => {
      const runId = await newRun();
      const otherRun = await newRun();
      const link = await linkFor(runId);
      const other = await linkFor(otherRun);
      const [base, token] = [
        link.url.slice(0, link.url.lastIndexOf('/') + 1),
        link.url.split('/').at(-1) as string,
      ];
      const [id, expiry, mac] = token.split('.') as [string, string, string];
      const [, , otherMac] = (other.url.split('/').at(-1) as string).split('.') as [string, string, string];
      const flip = (text: string) => `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
      const forged = [
        `${otherRun}.${expiry}.${mac}`, // another run's id under this signature
        `${id}.${Number(expiry) + 3600}.${mac}`, // a later expiry
        `${id}.${expiry}.${flip(mac)}`, // an altered signature
        `${id}.${expiry}.${otherMac}`, // another link's signature
        `${id.toUpperCase()}.${expiry}.${mac}`, // another spelling
        `${id}.0${expiry}.${mac}`,
        `${id}.${expiry}`,
      ];
      for (const bad of forged) {
        const answer = await answerLink(app, `${base}${bad}`, { score: 1 });
        expect(answer.status, bad).to.equal(404);
        expect(answer.body.code).to.equal('not_found');
      }
      const soon = await linkFor(runId, 1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await answerLink(app, soon.url, { score: 1 })).status).to.equal(404);
      const list = await api(app, member, 'GET', `/api/runs/${runId}/feedback`);
      expect(list.body.items).to.deep.equal([]);
      expect(
        (
          await api(app, member, 'POST', `/api/runs/${runId}/feedback-links`, {
            expires_in_seconds: 7 * 24 * 3600 + 1,
          })
        ).status,
      ).to.equal(400);
      expect((await answerLink(app, other.url, { score: 1 })).status, 'the real link still works').to.equal(
        201,
      );
    });
  });
}

describe('feedback links are rate-limited per client address', () => {
  const app = suiteApp({ FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_STORE: 'memory' });
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Limited');
  const mission = suiteMission(app, owner, workspace, 'm');

  it('answers 429 with Retry-After past the budget, even for guesses', async () => {
    const run = await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, { input: {} });
    const link = await api(app, owner, 'POST', `/api/runs/${run.body.id}/feedback-links`, {
      expires_in_seconds: 60,
    });
    const guess = `${link.body.url.slice(0, -3)}AAA`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await answerLink(app, guess, { score: 1 })).status);
    const limited = await answerLink(app, link.body.url, { score: 1 });
    expect(statuses).to.deep.equal([404, 404, 404]);
    expect(limited.status).to.equal(429);
    expect(limited.body.code).to.equal('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).to.be.above(0);
  });
});

describe('a feedback link on two instances', () => {
  const env = { FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE: '1000', JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Two instances');
  const mission = suiteMission(a, owner, workspace, 'm');

  it('is accepted once whichever instances it reaches at the same moment', async () => {
    const run = await api(a, owner, 'POST', `/api/missions/${mission.id}/runs`, { input: {} });
    const link = await api(a, owner, 'POST', `/api/runs/${run.body.id}/feedback-links`, {
      expires_in_seconds: 60,
    });
    const answers = await Promise.all(
      [a, b, a, b].map((app, i) => answerLink(app, link.body.url, { score: i / 4 })),
    );
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([201, 404, 404, 404]);
    const list = await api(b, owner, 'GET', `/api/runs/${run.body.id}/feedback`);
    expect(list.body.items).to.have.length(1);
  });
});
