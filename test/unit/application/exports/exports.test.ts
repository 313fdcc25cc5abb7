import { expect } from 'chai';
import { jsonCsvExportCodec } from '../../../../src/adapters/exports/encoding/json-csv-export-codec.ts';
import type { ExportCodec } from '../../../../src/application/exports/ports/export-codec.ts';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import type { Run } from '../../../../src/domain/runs/run.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { seedMission, seedRun } from '../../../support/persistence-world.ts';
import { actor, useCases } from '../../../support/test-container.ts';

/** The runner never starts by itself here: the tests take each export when they choose. */
const quiet = { exportSignal: { queued: () => {} } };

describe('exports use cases (in memory)', () => {
  it('lets admins ask and follow, hides exports from outsiders and refuses members', async () => {
    const app = await useCases({ doubles: quiet });
    const owner = await actor(app);
    const outsider = await actor(app);
    const job = await app.requestExport(owner.principal, owner.personal.id, { kind: 'runs', format: 'csv' });
    expect(job).to.deep.include({ status: 'queued', format: 'csv', attempts: 0, requestedBy: owner.user.id });
    expect(await app.getExport(owner.principal, job.id)).to.deep.equal(job);
    for (const attempt of [
      app.getExport(outsider.principal, job.id),
      app.requestExport(outsider.principal, owner.personal.id, { kind: 'workspace' }),
    ])
      expect((await rejectionOf(attempt, DomainError)).code).to.equal('not_found');
    const missing = app.requestExport(owner.principal, owner.personal.id, { kind: 'runs' });
    expect((await rejectionOf(missing, DomainError)).code).to.equal('validation_failed');
  });

  it('streams every run into a file, and starts an export again whose instance stopped mid-way', async () => {
    const app = await useCases({ doubles: quiet });
    const { principal, personal, user } = await actor(app);
    const mission = await seedMission(app, personal.id, app.clock.now());
    for (let i = 0; i < 450; i++) await seedRun(app, mission, app.clock.now(), { i });
    const job = await app.requestExport(principal, personal.id, { kind: 'runs', format: 'ndjson' });
    // Another instance took it and stopped: its lease holds the export until it runs out.
    const now = app.clock.now();
    await app.exports.takeNext(now, (taken) => taken.take(now, new Date(now.getTime() + 60_000)));
    expect(await app.runNextExport()).to.equal(false);
    app.clock.advance(61);
    expect(await app.runNextExport()).to.equal(true);
    const done = await app.getExport(principal, job.id);
    expect(done).to.deep.include({ status: 'succeeded', rows: 450, attempts: 2, error: null });
    const file = await app.getFile(principal, done.fileId as string);
    expect(file.createdBy).to.equal(user.id);
    let text = '';
    for await (const chunk of app.fileStorage.read(file.id)) text += Buffer.from(chunk).toString();
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((run) => run.input.i)).to.have.members(Array.from({ length: 450 }, (_, i) => i));
    // One creation time: ordered by id.
    const ids = lines.map((run) => run.id as string);
    expect(ids).to.deep.equal([...ids].sort());
  });

  it('stops an attempt whose lease another instance took over, and keeps none of its bytes', async () => {
    let app!: Awaited<ReturnType<typeof useCases<Record<never, never>>>>;
    // Time passes while the records are read: past the lease, another instance takes the export.
    const codec = jsonCsvExportCodec('http://127.0.0.1');
    const slow: ExportCodec = {
      ...codec,
      runs: (format, runs) =>
        codec.runs(
          format,
          (async function* () {
            let count = 0;
            for await (const run of runs as AsyncIterable<Run>) {
              if (++count === 150) {
                app.clock.advance(70);
                const now = app.clock.now();
                await app.exports.takeNext(now, (taken) => taken.take(now, new Date(now.getTime() + 60_000)));
              }
              yield run;
            }
          })(),
        ),
    };
    app = await useCases({ doubles: { ...quiet, exportCodec: slow } });
    const { principal, personal } = await actor(app);
    const mission = await seedMission(app, personal.id, app.clock.now());
    for (let i = 0; i < 250; i++) await seedRun(app, mission, app.clock.now());
    const job = await app.requestExport(principal, personal.id, { kind: 'runs', format: 'csv' });
    expect(await app.runNextExport()).to.equal(true);
    expect(await app.getExport(principal, job.id)).to.deep.include({ status: 'running', attempts: 2 });
    expect(await app.files.usedBytes(personal.id)).to.equal(0);
  });

  it("fails an export that would pass the workspace's storage quota, with the reason", async () => {
    const app = await useCases({ doubles: quiet, env: { WORKSPACE_STORAGE_QUOTA_BYTES: '2000' } });
    const { principal, personal } = await actor(app);
    const mission = await seedMission(app, personal.id, app.clock.now());
    for (let i = 0; i < 40; i++) await seedRun(app, mission, app.clock.now(), { i });
    const job = await app.requestExport(principal, personal.id, { kind: 'runs', format: 'ndjson' });
    expect(await app.runNextExport()).to.equal(true);
    const failed = await app.getExport(principal, job.id);
    expect(failed).to.deep.include({ status: 'failed', fileId: null });
    expect(failed.error).to.match(/storage quota of 2000 bytes/);
    expect(await app.files.usedBytes(personal.id)).to.equal(0);
  });

  it('exports datasets with their items and knowledge bases, and imports them with new ids (in memory)', async () => {
    const app = await useCases({ doubles: quiet });
    const { principal, personal } = await actor(app);
    const { workspace: other } = await app.createWorkspace(principal, { name: 'Target' });
    const provider = await app.createModelProvider(principal, personal.id, {
      name: 'Embedder',
      kind: 'openai',
      baseUrl: null,
      apiKey: 'sk-unit-0001',
    });
    const dataset = await app.createDataset(principal, { workspace_id: personal.id, name: 'Golden' });
    const drafts = Array.from({ length: 1_005 }, (_, i) => ({
      input: { i },
      expected: i % 2 === 0 ? 'even' : null,
    }));
    await app.addDatasetItems(principal, dataset.id, drafts.slice(0, 1_000));
    await app.addDatasetItems(principal, dataset.id, drafts.slice(1_000));
    const embedding = { providerId: provider.id, model: 'embed-small' };
    const base = await app.createKnowledgeBase(principal, {
      workspaceId: personal.id,
      name: 'Kb',
      embedding,
    });
    await app.addDocument(principal, base.id, { title: 'Doc', text: 'never exported', metadata: { k: 1 } });

    const job = await app.requestExport(principal, personal.id, { kind: 'workspace' });
    expect(await app.runNextExport()).to.equal(true);
    const done = await app.getExport(principal, job.id);
    let text = '';
    for await (const chunk of app.fileStorage.read(done.fileId as string))
      text += Buffer.from(chunk).toString();
    expect(text).not.to.include('never exported');
    expect(JSON.parse(text).knowledge_bases[0].documents).to.have.length(1);

    const result = await app.importWorkspace(principal, other.id, done.fileId as string);
    expect(result.created).to.deep.include({ datasets: 1, datasetItems: 1_005, knowledgeBases: 1 });
    const [copy] = (await app.datasets.listForWorkspace(other.id, { limit: 10 })).items;
    expect(copy).to.deep.include({ name: 'Golden', description: '' });
    const inputs = [];
    for (let page = await app.datasets.listItems(copy?.id as string, { limit: 500 }); ; ) {
      inputs.push(...page.items.map((item) => [item.input, item.expected]));
      if (!page.next) break;
      page = await app.datasets.listItems(copy?.id as string, { limit: 500, after: page.next });
    }
    expect(inputs).to.deep.equal(drafts.map((d) => [d.input, d.expected]));
    const [newBase] = (await app.knowledgeBases.list(other.id, { limit: 10 })).items;
    const [newProvider] = result.modelProviders;
    expect(newBase).to.deep.include({ name: 'Kb', language: 'english' });
    expect(newBase?.embedding).to.deep.equal({ providerId: newProvider?.id, model: 'embed-small' });
    expect((await app.documents.list(newBase?.id as string, { limit: 10 })).items).to.deep.equal([]);
  });
});
