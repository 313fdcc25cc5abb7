import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { download, uploadRaw } from '../../support/file-requests.ts';
import { suiteApp, suiteUser, workspaceOverHttp } from '../../support/http-suite.ts';
import { testDatabase } from '../../support/test-database.ts';

/** The orphaned bytes sweep, run by two instances at once on one database (FILE_STORAGE=postgres). */
describe('the orphaned bytes sweep on two instances', () => {
  const env = { FILE_STORAGE: 'postgres', JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(a);

  /** Makes the chunks of `keys` look written two hours ago, past the sweep's grace. */
  async function age(keys: readonly string[]) {
    const { db } = await testDatabase();
    await db.query(
      `update file_chunks set created_at = now() - interval '2 hours' where object_key = any($1::uuid[])`,
      [keys],
    );
  }

  const chunksOf = async (key: string) => {
    const { db } = await testDatabase();
    const [row] = await db.query<{ n: string }>(
      'select count(*) as n from file_chunks where object_key = $1',
      [key],
    );
    return Number(row?.n);
  };

  it("removes a deleted workspace's bytes and a lost file's, once, and keeps every live file's", async () => {
    const doomed = await workspaceOverHttp(a, owner, 'Doomed');
    const kept = await workspaceOverHttp(a, owner, 'Kept');
    const bytes = randomBytes(1_500_000);
    const inDoomed = (await uploadRaw(a, owner, doomed.id, 'a.bin', bytes)).body;
    const live = (await uploadRaw(a, owner, kept.id, 'b.bin', bytes)).body;
    const lost = (await uploadRaw(a, owner, kept.id, 'c.bin', Buffer.from('lost'))).body;
    // The file row goes, its bytes stay (as after a crash between the two deletions).
    const { db } = await testDatabase();
    await db.query('delete from files where id = $1', [lost.id]);
    expect((await api(a, owner, 'DELETE', `/api/workspaces/${doomed.id}`)).status).to.equal(204);
    expect(await chunksOf(inDoomed.id)).to.equal(2);
    // Written just now: still within the grace (an upload or export still writing), so kept.
    const recent = (await uploadRaw(a, owner, kept.id, 'd.bin', Buffer.from('recent'))).body;
    await db.query('delete from files where id = $1', [recent.id]);
    await age([inDoomed.id, live.id, lost.id]);

    const [byA, byB] = await Promise.all([
      a.container.cradle.sweepOrphanedBytes(),
      b.container.cradle.sweepOrphanedBytes(),
    ]);
    expect(byA + byB).to.be.at.least(2);
    expect(await chunksOf(inDoomed.id)).to.equal(0);
    expect(await chunksOf(lost.id)).to.equal(0);
    expect(await chunksOf(recent.id)).to.equal(1);
    const got = await download(b, owner, `/api/files/${live.id}/content`);
    expect(got.status).to.equal(200);
    expect(got.bytes.equals(bytes)).to.equal(true);
  });
});
