import { expect } from 'chai';
import type { ModelProvider, ModelProviders } from '../../../../src/application/models/index.ts';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { ProviderError } from '../../../../src/domain/models/model-errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { hashedEmbedding } from '../../../support/hashed-embedder.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { pdfOf } from '../../../support/pdf.ts';
import { actor, useCases } from '../../../support/test-container.ts';

/** Models in process: `openai` accounts embed with the hashed embedder (or fail when `failing`), others cannot. */
function models(state: { failing: boolean }): ModelProviders {
  return (account) => {
    const chat: ModelProvider['chat'] = async function* () {};
    if (account.kind !== 'openai') return { chat };
    return {
      chat,
      embed: async ({ inputs }) => {
        if (state.failing) throw new ProviderError(429, 'rate limited by the provider');
        return { vectors: inputs.map(hashedEmbedding), inputTokens: null };
      },
    };
  };
}

async function world() {
  const state = { failing: false };
  const app = await useCases({
    doubles: { ingestionSignal: { added: () => {} }, modelProviders: models(state) },
  });
  const owner = await actor(app);
  const workspaceId = owner.personal.id;
  const provider = (kind: 'openai' | 'anthropic') =>
    app.createModelProvider(owner.principal, workspaceId, {
      name: `${kind}${Math.random()}`,
      kind,
      apiKey: 'sk-1234',
    });
  const drain = async () => {
    while (await app.ingestNextDocument());
  };
  return { app, owner, workspaceId, provider, drain, state };
}

describe('knowledge use cases (in memory)', () => {
  it('lets admins make knowledge bases, members read them, and hides them from outsiders', async () => {
    const { app, owner, workspaceId } = await world();
    const member = await actor(app);
    const outsider = await actor(app);
    await joinWorkspace(
      app,
      owner.principal,
      workspaceId,
      { principal: member.principal, login: member.user.username },
      'member',
    );
    const base = await app.createKnowledgeBase(owner.principal, { workspaceId, name: 'kb' });
    expect(base).to.deep.include({ language: 'english', embedding: null, workspaceId });
    expect(await app.getKnowledgeBase(member.principal, base.id)).to.deep.equal(base);
    const refused = app.createKnowledgeBase(member.principal, { workspaceId, name: 'x' });
    expect((await rejectionOf(refused, DomainError)).code).to.equal('forbidden');
    expect(
      (await rejectionOf(app.deleteKnowledgeBase(member.principal, base.id), DomainError)).code,
    ).to.equal('forbidden');
    expect((await rejectionOf(app.getKnowledgeBase(outsider.principal, base.id), DomainError)).code).to.equal(
      'not_found',
    );
    const listed = await app.listKnowledgeBases(member.principal, workspaceId, { limit: 10 });
    expect(listed.items.map((b) => b.id)).to.deep.equal([base.id]);
    const badLanguage = app.createKnowledgeBase(owner.principal, {
      workspaceId,
      name: 'x',
      language: 'elvish',
    });
    expect((await rejectionOf(badLanguage, DomainError)).code).to.equal('validation_failed');
  });

  it('takes an embedding model only from a provider of the workspace with an embeddings API', async () => {
    const { app, owner, workspaceId, provider } = await world();
    const other = await actor(app);
    const foreign = await app.createModelProvider(other.principal, other.personal.id, {
      name: 'f',
      kind: 'openai',
      apiKey: 'sk-9999',
    });
    const wrong = app.createKnowledgeBase(owner.principal, {
      workspaceId,
      name: 'x',
      embedding: { providerId: foreign.id, model: 'e' },
    });
    expect((await rejectionOf(wrong, DomainError)).code).to.equal('validation_failed');
    const anthropic = await provider('anthropic');
    const none = app.createKnowledgeBase(owner.principal, {
      workspaceId,
      name: 'x',
      embedding: { providerId: anthropic.id, model: 'e' },
    });
    const error = await rejectionOf(none, DomainError);
    expect(error).to.deep.include({
      code: 'embedding_not_configured',
      message: 'a model provider of kind anthropic has no embeddings API',
    });
  });

  it('ingests text and files into chunks, embeds them, and searches in every mode', async () => {
    const { app, owner, workspaceId, provider, drain } = await world();
    const openai = await provider('openai');
    const base = await app.createKnowledgeBase(owner.principal, {
      workspaceId,
      name: 'kb',
      embedding: { providerId: openai.id, model: 'e' },
    });
    const file = await app.uploadFile(owner.principal, {
      workspaceId,
      name: 'travel.pdf',
      contentType: 'application/pdf',
      bytes: (async function* () {
        yield pdfOf('Trains are booked in second class.');
      })(),
    });
    const fromFile = await app.addDocument(owner.principal, base.id, {
      fileId: file.id,
      metadata: { kind: 'policy' },
    });
    const long = Array.from({ length: 60 }, (_, i) => `Line ${i} about bicycles.`).join('\n');
    const fromText = await app.addDocument(owner.principal, base.id, { title: 'Bikes', text: long });
    expect(fromText).to.deep.include({ status: 'processing', chunks: null, title: 'Bikes' });
    await drain();
    expect(await app.getDocument(owner.principal, fromFile.id)).to.deep.include({
      status: 'ready',
      chunks: 1,
      title: 'travel.pdf',
    });
    expect((await app.getDocument(owner.principal, fromText.id)).chunks).to.be.greaterThan(1);
    for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
      const [hit] = await app.searchKnowledgeBase(owner.principal, base.id, {
        query: 'trains second class',
        mode,
      });
      expect(hit, mode).to.deep.include({
        documentId: fromFile.id,
        title: 'travel.pdf',
        metadata: { kind: 'policy' },
      });
      const filtered = await app.searchKnowledgeBase(owner.principal, base.id, {
        query: 'trains',
        mode,
        filter: { kind: 'other' },
      });
      expect(filtered, mode).to.deep.equal([]);
    }
    const found = await app.knowledgeSearch.search(workspaceId, base.id, 'bicycles', 3);
    expect(found).to.have.length(3);
    expect(found?.[0]?.title).to.equal('Bikes');
    expect(await app.knowledgeSearch.exists(workspaceId, base.id)).to.equal(true);
    expect(await app.knowledgeSearch.exists((await actor(app)).personal.id, base.id)).to.equal(false);
  });

  it('fails a document with the reason: unreadable bytes, a provider error', async () => {
    const { app, owner, workspaceId, provider, drain, state } = await world();
    const openai = await provider('openai');
    const base = await app.createKnowledgeBase(owner.principal, {
      workspaceId,
      name: 'kb',
      embedding: { providerId: openai.id, model: 'e' },
    });
    const binary = await app.uploadFile(owner.principal, {
      workspaceId,
      name: 'x.bin',
      contentType: 'application/octet-stream',
      bytes: (async function* () {
        yield new Uint8Array([0, 1, 2]);
      })(),
    });
    const gone = await app.addDocument(owner.principal, base.id, { fileId: binary.id });
    const { fileId } = gone;
    if (fileId === null) throw new Error('a file document without its file');
    await app.deleteFile(owner.principal, fileId);
    const again = await app.uploadFile(owner.principal, {
      workspaceId,
      name: 'y.bin',
      contentType: 'application/octet-stream',
      bytes: (async function* () {
        yield new Uint8Array([0, 1, 2]);
      })(),
    });
    const unreadableNow = await app.addDocument(owner.principal, base.id, { fileId: again.id });
    state.failing = true;
    const refused = await app.addDocument(owner.principal, base.id, { title: 't', text: 'words' });
    await drain();
    expect((await app.getDocument(owner.principal, unreadableNow.id)).error).to.match(
      /not application\/octet-stream/,
    );
    expect((await app.getDocument(owner.principal, gone.id)).error).to.equal(
      'the file of this document was deleted',
    );
    expect(await app.getDocument(owner.principal, refused.id)).to.deep.include({
      status: 'failed',
      error: 'rate limited by the provider',
    });
  });

  it('answers embedding_not_configured for meaning without a model, and searches by keyword by default', async () => {
    const { app, owner, workspaceId, drain } = await world();
    const base = await app.createKnowledgeBase(owner.principal, { workspaceId, name: 'kb' });
    await app.addDocument(owner.principal, base.id, { title: 't', text: 'keyword only here' });
    await drain();
    const semantic = app.searchKnowledgeBase(owner.principal, base.id, { query: 'x', mode: 'semantic' });
    expect((await rejectionOf(semantic, DomainError)).code).to.equal('embedding_not_configured');
    const hybrid = app.searchKnowledgeBase(owner.principal, base.id, { query: 'x', mode: 'hybrid' });
    expect((await rejectionOf(hybrid, DomainError)).code).to.equal('embedding_not_configured');
    expect(await app.searchKnowledgeBase(owner.principal, base.id, { query: 'keyword' })).to.have.length(1);
  });

  it('stores nothing for a document deleted while it was being ingested, and takes over an expired lease', async () => {
    const { app, owner, workspaceId, drain } = await world();
    const base = await app.createKnowledgeBase(owner.principal, { workspaceId, name: 'kb' });
    const document = await app.addDocument(owner.principal, base.id, { title: 't', text: 'gone soon' });
    const now = app.clock.now();
    const taken = await app.documents.takeNext(now, (d) => d.take(now, new Date(now.getTime() + 60_000)));
    expect(await app.ingestNextDocument(), 'held by another instance').to.equal(false);
    app.clock.advance(61);
    expect(await app.ingestNextDocument()).to.equal(true);
    expect(await app.getDocument(owner.principal, document.id)).to.deep.include({
      status: 'ready',
      attempts: 2,
    });
    if (!taken) throw new Error('nothing was taken');
    taken.ready(1, app.clock.now());
    expect(await app.documents.finish(taken, []), 'the first attempt lost its lease').to.equal(false);
    const late = await app.addDocument(owner.principal, base.id, { title: 'late', text: 'late words' });
    await app.deleteDocument(owner.principal, late.id);
    await drain();
    expect((await rejectionOf(app.getDocument(owner.principal, late.id), DomainError)).code).to.equal(
      'not_found',
    );
    expect(await app.searchKnowledgeBase(owner.principal, base.id, { query: 'late' })).to.deep.equal([]);
  });
});
