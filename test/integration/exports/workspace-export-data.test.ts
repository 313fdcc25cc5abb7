import { expect } from 'chai';
import { exportOverHttp, exportRoundTripSuite, exportText } from '../../support/exports.ts';
import type { Json } from '../../support/json.ts';

const SECRET_TEXT = 'the document text never travels in an export';

describe('datasets and knowledge bases in a workspace export, and back through an import (PostgreSQL)', function () {
  this.timeout(60_000);
  const { app, owner, source, target, fake, call, post } = exportRoundTripSuite('Data');

  it('exports datasets with their items and knowledge bases with their documents’ metadata; the import remaps them', async () => {
    const provider = await post(`/api/workspaces/${source.id}/model-providers`, {
      name: 'Embedder',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key: 'sk-data-0001',
    });
    const dataset = await post('/api/datasets', {
      workspace_id: source.id,
      name: 'Golden',
      description: 'cases',
    });
    const items = [
      { input: { q: 'one' }, expected: 'uno', metadata: { tag: 'a' } },
      { input: 'two' },
      { input: [3], expected: { n: 3 } },
    ];
    await post(`/api/datasets/${dataset.id}/items`, { items });
    const embedded = await post('/api/knowledge-bases', {
      workspace_id: source.id,
      name: 'Manuals',
      language: 'french',
      embedding: { provider_id: provider.id, model: 'embed-small' },
    });
    const keywords = await post('/api/knowledge-bases', { workspace_id: source.id, name: 'Notes' });
    const added = await call('POST', `/api/knowledge-bases/${keywords.id}/documents`, {
      title: 'Readme',
      text: SECRET_TEXT,
      metadata: { team: 'core' },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(202);
    const document = added.body as Json;

    const finished = await exportOverHttp(app, owner, source.id, { kind: 'workspace' });
    expect(finished).to.deep.include({ status: 'succeeded', rows: 4 });
    const text = await exportText(app, owner, finished);
    expect(text).not.to.include(SECRET_TEXT);
    const exported = JSON.parse(text);
    expect(exported.datasets).to.have.length(1);
    expect(exported.datasets[0]).to.deep.include({ id: dataset.id, name: 'Golden', description: 'cases' });
    expect(exported.datasets[0].items.map((i: Json) => [i.input, i.expected, i.metadata])).to.deep.equal([
      [{ q: 'one' }, 'uno', { tag: 'a' }],
      ['two', null, null],
      [[3], { n: 3 }, null],
    ]);
    expect(exported.knowledge_bases.map((k: Json) => [k.name, k.language, k.embedding])).to.deep.equal([
      ['Manuals', 'french', { provider_id: provider.id, model: 'embed-small' }],
      ['Notes', 'english', null],
    ]);
    const [exportedDocument] = exported.knowledge_bases[1].documents;
    expect(exportedDocument).to.have.keys('id', 'title', 'status', 'chunks', 'metadata', 'created_at');
    expect(exportedDocument).to.deep.include({
      id: document.id,
      title: 'Readme',
      metadata: { team: 'core' },
    });

    const imported = await call('POST', `/api/workspaces/${target.id}/imports`, {
      file_id: finished.file_id,
    });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body.created).to.deep.include({
      model_providers: 1,
      datasets: 1,
      dataset_items: 3,
      knowledge_bases: 2,
    });
    const [newProvider] = imported.body.model_providers;

    const { datasets } = app.container.cradle;
    const [newDataset] = (await datasets.listForWorkspace(target.id, { limit: 10 })).items;
    expect(newDataset).to.deep.include({ workspaceId: target.id, name: 'Golden', description: 'cases' });
    expect(newDataset?.id).not.to.equal(dataset.id);
    const newItems = (await call('GET', `/api/datasets/${newDataset?.id}/items`)).body.items as Json[];
    expect(newItems.map((i) => [i.input, i.expected, i.metadata])).to.deep.equal(
      exported.datasets[0].items.map((i: Json) => [i.input, i.expected, i.metadata]),
    );

    const bases = (await call('GET', `/api/knowledge-bases?workspace_id=${target.id}`)).body.items as Json[];
    expect(bases.map((k) => [k.name, k.language, k.embedding])).to.have.deep.members([
      ['Manuals', 'french', { provider_id: newProvider.id, model: 'embed-small' }],
      ['Notes', 'english', null],
    ]);
    for (const base of bases) {
      expect(base.id).not.to.be.oneOf([embedded.id, keywords.id]);
      const documents = await call('GET', `/api/knowledge-bases/${base.id}/documents`);
      expect(documents.body.items, 'an import makes knowledge bases empty').to.deep.equal([]);
    }
  });
});
