import { expect } from 'chai';
import type { Principal } from '../../../src/domain/kernel/principal.ts';
import type { SearchMode } from '../../../src/domain/knowledge/search-hit.ts';
import { principalOf } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { RETRIEVAL_DOCUMENTS, RETRIEVAL_QUESTIONS } from '../../support/retrieval-set.ts';
import { suiteValue } from '../../support/suite-values.ts';

/**
 * Retrieval measured, not assumed: recall@5 (the share of questions whose right document is among the first
 * five hits) of each mode on PostgreSQL, the embeddings from the fake provider's hashed bag of words.
 */
describe('retrieval quality on the committed test set (recall@5)', function () {
  this.timeout(60_000);
  const app = suiteApp({ MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', KNOWLEDGE_POLL_INTERVAL_SECONDS: '0' });
  const owner = suiteUser(app);
  const fake = suiteValue(
    () => fakeModelProvider(),
    (f) => f.close(),
  );
  const recall: Partial<Record<SearchMode, number>> = {};
  /** Recall@1, shown beside recall@5: the harder figure on so small a set. */
  const recallAt1: Partial<Record<SearchMode, number>> = {};
  let principal: Principal;
  let baseId: string;
  const titleOf = new Map<string, string>();

  before(async () => {
    const c = app.container.cradle;
    principal = await principalOf(app, owner);
    const [personal] = await c.workspaces.listForUser(owner.userId);
    const workspaceId = personal?.workspace.id as string;
    const provider = await c.createModelProvider(principal, workspaceId, {
      name: 'fake',
      kind: 'openai',
      baseUrl: `${fake.url}/v1`,
      apiKey: 'sk-fake-0000',
    });
    const base = await c.createKnowledgeBase(principal, {
      workspaceId,
      name: 'Handbook',
      embedding: { providerId: provider.id, model: 'hashed' },
    });
    baseId = base.id;
    for (const [title, text] of Object.entries(RETRIEVAL_DOCUMENTS)) {
      const document = await c.addDocument(principal, base.id, { title, text });
      titleOf.set(document.id, title);
    }
    while (await c.ingestNextDocument());
  });

  after(() => {
    const shown = Object.entries(recall).map(
      ([mode, value]) =>
        `${mode} ${(value ?? 0).toFixed(3)} (@1 ${(recallAt1[mode as SearchMode] ?? 0).toFixed(3)})`,
    );
    console.log(`      recall@5 over ${RETRIEVAL_QUESTIONS.length} questions: ${shown.join(', ')}`);
  });

  async function recallAt5(mode: SearchMode): Promise<number> {
    let found = 0;
    let first = 0;
    for (const [question, answer] of RETRIEVAL_QUESTIONS) {
      const hits = await app.container.cradle.searchKnowledgeBase(principal, baseId, {
        query: question,
        mode,
        limit: 5,
      });
      if (hits.some((hit) => hit.title === answer)) found++;
      if (hits[0]?.title === answer) first++;
    }
    recallAt1[mode] = first / RETRIEVAL_QUESTIONS.length;
    return found / RETRIEVAL_QUESTIONS.length;
  }

  it('ingests the 30 documents', async () => {
    expect(RETRIEVAL_QUESTIONS.length).to.equal(40);
    expect(titleOf.size).to.equal(30);
    const page = await app.container.cradle.listDocuments(principal, baseId, { limit: 50 });
    expect(page.items.map((d) => d.status)).to.deep.equal(new Array(30).fill('ready'));
  });

  for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
    it(`measures ${mode} search`, async () => {
      recall[mode] = await recallAt5(mode);
      expect(recall[mode]).to.be.greaterThan(0);
    });
  }

  it('finds with hybrid search at least as much as with the better of keyword and semantic', () => {
    expect(recall.hybrid).to.be.at.least(Math.max(recall.keyword ?? 1, recall.semantic ?? 1));
  });
});
