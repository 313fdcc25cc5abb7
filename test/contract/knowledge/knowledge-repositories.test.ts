import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { unitLength } from '../../../src/domain/knowledge/chunk.ts';
import { KnowledgeBase } from '../../../src/domain/knowledge/knowledge-base.ts';
import type { KnowledgeDocument } from '../../../src/domain/knowledge/knowledge-document.ts';
import { ProviderAccount } from '../../../src/domain/models/provider-account.ts';
import { hashedEmbedding } from '../../support/hashed-embedder.ts';
import { chunksOf, documentOf, seedKnowledgeBase, seedReadyDocument } from '../../support/knowledge.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

describeContract('Knowledge repositories and chunk search', (world) => {
  const query = (limit = 5, filter = {}) => ({ limit, filter });

  it('stores knowledge bases and documents and reads them back field for field, in pages', async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    expect(await world.knowledgeBases.findById(base.id)).to.deep.equal(base);
    const docs = [documentOf(base, at(1), { team: 'a' }), documentOf(base, at(2))];
    for (const d of docs) await world.documents.add(d);
    expect(await world.documents.findById(docs[0]?.id as string)).to.deep.equal(docs[0]);
    const first = await world.documents.list(base.id, { limit: 1 });
    expect(first.items.map((d) => d.id)).to.deep.equal([docs[0]?.id]);
    const second = await world.documents.list(base.id, { limit: 1, after: first.next ?? undefined });
    expect(second.items.map((d) => d.id)).to.deep.equal([docs[1]?.id]);
    expect((await world.knowledgeBases.list(workspace.id, { limit: 10 })).items).to.have.length(1);
  });

  it('reads a knowledge base whose embedding provider was deleted without an embedding model', async () => {
    const { workspace } = await seedUser(world);
    const provider = ProviderAccount.create(
      { id: randomUUID(), workspaceId: workspace.id, name: 'p', kind: 'openai', apiKey: 'sk-1234' },
      at(0),
    );
    await world.providerAccounts.add(provider);
    const base = KnowledgeBase.create(
      {
        id: randomUUID(),
        workspaceId: workspace.id,
        name: 'kb',
        embedding: { providerId: provider.id, model: 'e' },
      },
      at(0),
    );
    await world.knowledgeBases.add(base);
    expect(await world.knowledgeBases.findById(base.id)).to.deep.equal(base);
    await world.providerAccounts.delete(provider.id);
    expect((await world.knowledgeBases.findById(base.id))?.embedding).to.equal(null);
    expect((await world.knowledgeBases.list(workspace.id, { limit: 5 })).items[0]?.embedding).to.equal(null);
  });

  it('hands each waiting document to one of several concurrent takers, and only its attempt finishes it', async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    const docs = Array.from({ length: 4 }, (_, i) => documentOf(base, at(i)));
    for (const d of docs) await world.documents.add(d);
    const takes = await Promise.all(
      Array.from({ length: 12 }, () => world.documents.takeNext(at(100), (d) => d.take(at(100), at(160)))),
    );
    const mine = takes.filter((d): d is KnowledgeDocument => !!d && docs.some((x) => x.id === d.id));
    expect(new Set(mine.map((d) => d.id)).size).to.equal(mine.length);
    expect(mine.map((d) => d.id)).to.have.members(docs.map((d) => d.id));
    const [held] = mine as [KnowledgeDocument];
    expect(await world.documents.renewLease(held, at(200))).to.equal(true);
    const stale = documentOf(base, at(0));
    Object.assign(stale, { id: held.id, attempts: 0 });
    stale.ready(0, at(101));
    expect(await world.documents.finish(stale, [])).to.equal(false);
    held.ready(2, at(101));
    expect(await world.documents.finish(held, chunksOf('one', 'two'))).to.equal(true);
    expect(await world.documents.findById(held.id)).to.deep.include({
      status: 'ready',
      chunks: 2,
      leaseExpiresAt: null,
    });
    expect(await world.documents.finish(held, [])).to.equal(false);
  });

  it('gives a document whose lease ran out to another taker, with the next attempt', async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    const d = documentOf(base, at(-10_000));
    await world.documents.add(d);
    const first = await world.documents.takeNext(at(0), (x) => x.take(at(0), at(60)));
    expect(first?.id).to.equal(d.id);
    expect((await world.documents.takeNext(at(30), (x) => x.take(at(30), at(90))))?.id).to.not.equal(d.id);
    const again = await world.documents.takeNext(at(61), (x) => x.take(at(61), at(121)));
    expect(again).to.deep.include({ id: d.id, attempts: 2 });
  });

  it('finds chunks by keyword, every word required, best first, within the knowledge base', async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    const other = await seedKnowledgeBase(world, workspace.id, at(0));
    const doc = await seedReadyDocument(
      world,
      base,
      at(1),
      chunksOf(
        'The invoice is paid by bank transfer.',
        'Refunds are paid within ten days; the invoice refund form is online.',
        'Passwords are reset from the sign-in page.',
      ),
      {},
      'Billing',
    );
    await seedReadyDocument(world, other, at(1), chunksOf('invoice paid'));
    const hits = await world.chunkSearch.keyword(base, 'invoice paid', query());
    expect(hits.map((h) => h.chunkIndex)).to.have.members([0, 1]);
    expect(hits[0]).to.deep.include({ documentId: doc.id, title: 'Billing' });
    expect(hits.every((h) => h.score > 0)).to.equal(true);
    expect(await world.chunkSearch.keyword(base, 'invoice -refund', query())).to.have.length(1);
    expect(await world.chunkSearch.keyword(base, 'password reset', query())).to.have.length(1);
    expect(await world.chunkSearch.keyword(base, 'kangaroo', query())).to.deep.equal([]);
    expect(await world.chunkSearch.keyword(base, 'invoice', query(1))).to.have.length(1);
  });

  it('finds the nearest chunks by cosine, its score the similarity', async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    await seedReadyDocument(
      world,
      base,
      at(1),
      chunksOf('cats and kittens', 'invoices and payments', 'garden tools'),
    );
    const vector = unitLength(hashedEmbedding('payments of invoices'));
    const hits = await world.chunkSearch.semantic(base, vector, query(2));
    expect(hits.map((h) => h.text)).to.deep.equal(['invoices and payments', hits[1]?.text]);
    expect(hits[0]?.score).to.be.greaterThan(0.5).and.at.most(1.0000001);
    expect(hits[0]?.score).to.be.greaterThan(hits[1]?.score ?? 1);
  });

  it("filters every mode by the documents' metadata (every pair given must be held)", async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    const a = await seedReadyDocument(world, base, at(1), chunksOf('shipping policy'), {
      team: 'sales',
      year: 2026,
    });
    await seedReadyDocument(world, base, at(2), chunksOf('shipping policy'), { team: 'support', year: 2026 });
    const filter = { team: 'sales', year: 2026 };
    const keyword = await world.chunkSearch.keyword(base, 'shipping', query(5, filter));
    const semantic = await world.chunkSearch.semantic(
      base,
      unitLength(hashedEmbedding('shipping')),
      query(5, filter),
    );
    expect(keyword.map((h) => h.documentId)).to.deep.equal([a.id]);
    expect(semantic.map((h) => h.documentId)).to.deep.equal([a.id]);
    expect(keyword[0]?.metadata).to.deep.equal({ team: 'sales', year: 2026 });
    expect(await world.chunkSearch.keyword(base, 'shipping', query(5, { team: 'legal' }))).to.deep.equal([]);
  });

  it("forgets a document's chunks with it, and a knowledge base's documents with it", async () => {
    const { workspace } = await seedUser(world);
    const base = await seedKnowledgeBase(world, workspace.id, at(0));
    const doc = await seedReadyDocument(world, base, at(1), chunksOf('alpha bravo'));
    await world.documents.delete(doc.id);
    expect(await world.chunkSearch.keyword(base, 'alpha', query())).to.deep.equal([]);
    const kept = await seedReadyDocument(world, base, at(2), chunksOf('charlie delta'));
    await world.knowledgeBases.delete(base.id);
    expect(await world.documents.findById(kept.id)).to.equal(undefined);
    expect(await world.chunkSearch.keyword(base, 'charlie', query())).to.deep.equal([]);
    expect(await world.knowledgeBases.findById(randomUUID())).to.equal(undefined);
  });
});
