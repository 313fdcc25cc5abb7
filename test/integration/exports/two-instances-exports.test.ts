import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { TestApp } from '../../support/test-app.ts';

/** Exports are background jobs any instance takes: here two instances on one database make them together. */
describe('exports made by two instances on one database', () => {
  // Neither starts an export on its own: the test drives both runners at once.
  // Behind one load balancer every instance has one public identity: the issuer its tokens carry.
  const env = {
    FILE_STORAGE: 'postgres',
    EXPORT_POLL_INTERVAL_SECONDS: '0',
    JWT_ISSUER: 'https://api.example.test',
  };
  const [a, b] = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Two instances');
  const mission = suiteMission(a, owner, workspace, 'Exported');

  /** Makes exports until none waits; how many this instance made. */
  async function drain(app: TestApp): Promise<number> {
    let made = 0;
    while (await app.container.cradle.runNextExport()) made++;
    return made;
  }

  const request = (app: TestApp, body: object) =>
    api(app, owner, 'POST', `/api/workspaces/${workspace.id}/exports`, body);

  it('makes each queued export once, whichever instance takes it', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await api(a, owner, 'POST', `/api/missions/${mission.id}/runs`, { input: { i } })).status,
      ).to.equal(202);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const queued = await request(i % 2 ? b : a, { kind: 'runs', format: i % 4 < 2 ? 'csv' : 'ndjson' });
      expect(queued.status).to.equal(202);
      ids.push(queued.body.id);
    }
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).to.be.at.least(ids.length);
    const fileIds: string[] = [];
    for (const id of ids) {
      const done = (await api(b, owner, 'GET', `/api/exports/${id}`)).body;
      expect(done).to.deep.include({ status: 'succeeded', rows: 3, error: null });
      fileIds.push(done.file_id);
    }
    expect(new Set(fileIds).size).to.equal(ids.length);
    const files = (await api(a, owner, 'GET', `/api/files?workspace_id=${workspace.id}&limit=200`)).body
      .items;
    expect(files.map((f: { id: string }) => f.id)).to.have.members(fileIds);
  });

  it('starts an export again on the other instance once the first stopped mid-way and its lease ran out', async () => {
    const queued = await request(a, { kind: 'audit_events', format: 'csv' });
    // Instance A took it 61 s ago and stopped (its process died): the 60 s lease has run out.
    const past = new Date(Date.now() - 61_000);
    const takeOnA = () =>
      a.container.cradle.exports.takeNext(past, (job) => job.take(past, new Date(past.getTime() + 60_000)));
    // (Exports other suites left waiting on this database are taken alike.)
    for (let taken = await takeOnA(); taken?.id !== queued.body.id; taken = await takeOnA())
      if (!taken) expect.fail('the export was not waiting');
    expect(await drain(b)).to.be.at.least(1);
    const done = await a.container.cradle.exports.findById(queued.body.id);
    expect(done).to.deep.include({ status: 'succeeded', attempts: 2 });
  });
});
