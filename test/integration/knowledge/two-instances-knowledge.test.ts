import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { TestApp } from '../../support/test-app.ts';

/** Ingestion is background work any instance takes: here two instances on one database share it. */
describe('documents ingested by two instances on one database', () => {
  // Neither ingests on its own: the test drives both runners at once.
  const env = { KNOWLEDGE_POLL_INTERVAL_SECONDS: '0', JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Two instances');

  async function drain(app: TestApp): Promise<number> {
    let done = 0;
    while (await app.container.cradle.ingestNextDocument()) done++;
    return done;
  }

  async function knowledgeBase(): Promise<string> {
    const made = await api(a, owner, 'POST', '/api/knowledge-bases', {
      workspace_id: workspace.id,
      name: 'kb',
    });
    return made.body.id;
  }

  it('ingests each document once, whichever instance takes it, and both search the same chunks', async () => {
    const baseId = await knowledgeBase();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const text = Array.from({ length: 30 }, (_, j) => `Sentence ${j} of document number${i}.`).join(' ');
      const added = await api(i % 2 ? b : a, owner, 'POST', `/api/knowledge-bases/${baseId}/documents`, {
        title: `doc ${i}`,
        text,
      });
      expect(added.status).to.equal(202);
      ids.push(added.body.id);
    }
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).to.be.at.least(ids.length);
    for (const id of ids) {
      const done = (await api(b, owner, 'GET', `/api/documents/${id}`)).body;
      expect(done).to.deep.include({ status: 'ready', error: null });
      expect(done.chunks).to.be.greaterThan(0);
    }
    for (const app of [a, b]) {
      const found = await api(app, owner, 'POST', `/api/knowledge-bases/${baseId}/search`, {
        query: 'number7',
        limit: 50,
      });
      const chunks = found.body.items.filter((item: { title: string }) => item.title === 'doc 7');
      expect(chunks.length).to.equal((await api(a, owner, 'GET', `/api/documents/${ids[7]}`)).body.chunks);
      expect(new Set(chunks.map((c: { chunk_index: number }) => c.chunk_index)).size).to.equal(chunks.length);
    }
  });

  it('ingests a document again on the other instance once the first stopped mid-way and its lease ran out', async () => {
    const baseId = await knowledgeBase();
    const added = await api(a, owner, 'POST', `/api/knowledge-bases/${baseId}/documents`, {
      title: 't',
      text: 'lost and found',
    });
    const past = new Date(Date.now() - 61_000);
    const takeOnA = () =>
      a.container.cradle.documents.takeNext(past, (d) => d.take(past, new Date(past.getTime() + 60_000)));
    for (let taken = await takeOnA(); taken?.id !== added.body.id; taken = await takeOnA())
      if (!taken) expect.fail('the document was not waiting');
    expect(await drain(b)).to.be.at.least(1);
    expect(await a.container.cradle.documents.findById(added.body.id)).to.deep.include({
      status: 'ready',
      attempts: 2,
    });
  });
});
