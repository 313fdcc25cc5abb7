import { ADMIN, areaAuthorizationMatrix, READ } from '../../support/area-authorization-matrix.ts';

areaAuthorizationMatrix(
  'authorisation matrix: every dataset and evaluation route for every role, as a person and as an API key',
  {
    // The evaluation runner is not started: evaluations stay running, so each case finds them as made.
    settings: { QUOTA_WORKSPACES_PER_USER: '100000' },
    workspaceName: 'Evaluations matrix',
    fixture: async (c, owner, workspaceId) => {
      const mission = await c.createMission(owner, { workspaceId, name: 'm' });
      const run = await c.startRun(owner, mission.id, { input: { q: 1 } });
      const dataset = await c.createDataset(owner, { workspace_id: workspaceId, name: 'd' });
      await c.addDatasetItems(owner, dataset.id, [{ input: 1, expected: 1 }]);
      const [item] = (await c.listDatasetItems(owner, dataset.id, { limit: 1 })).items;
      const file = await c.uploadFile(owner, {
        workspaceId,
        name: 'items.ndjson',
        contentType: 'application/x-ndjson',
        bytes: (async function* () {
          yield Buffer.from('{"input":2}\n');
        })(),
      });
      const evaluate = () =>
        c.createEvaluation(owner, {
          dataset_id: dataset.id,
          target: { mission_id: mission.id },
          scorers: [{ name: 'e', kind: 'exact_match' }],
        });
      const [evaluation, other] = [await evaluate(), await evaluate()];
      return {
        missionId: mission.id,
        runId: run.id,
        datasetId: dataset.id,
        itemId: item?.id as string,
        fileId: file.id,
        evaluationId: evaluation.id,
        otherEvaluationId: other.id,
      };
    },
    coverage: 'covers every route of datasets and evaluations',
    routes: /^\/api\/(datasets|dataset-items|evaluations)/,
    cases: [
      {
        route: 'POST /api/datasets',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: '/api/datasets',
          body: { workspace_id: f.workspaceId, name: 'n' },
        }),
      },
      {
        route: 'GET /api/datasets',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/datasets?workspace_id=${f.workspaceId}` }),
      },
      {
        route: 'GET /api/datasets/{id}',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/datasets/${f.datasetId}` }),
      },
      {
        route: 'POST /api/datasets/{id}/items',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: `/api/datasets/${f.datasetId}/items`,
          body: { items: [{ input: 3 }] },
        }),
      },
      {
        route: 'GET /api/datasets/{id}/items',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/datasets/${f.datasetId}/items` }),
      },
      {
        route: 'POST /api/datasets/{id}/imports',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: `/api/datasets/${f.datasetId}/imports`,
          body: { file_id: f.fileId },
        }),
      },
      {
        route: 'POST /api/datasets/{id}/items/from-run',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: `/api/datasets/${f.datasetId}/items/from-run`,
          body: { run_id: f.runId },
        }),
      },
      {
        route: 'DELETE /api/dataset-items/{id}',
        expect: ADMIN(204),
        request: (f) => ({ method: 'DELETE', path: `/api/dataset-items/${f.itemId}` }),
      },
      {
        route: 'POST /api/evaluations',
        expect: ADMIN(202),
        request: (f) => ({
          method: 'POST',
          path: '/api/evaluations',
          body: {
            dataset_id: f.datasetId,
            target: { mission_id: f.missionId },
            scorers: [{ name: 'c', kind: 'contains' }],
          },
        }),
      },
      {
        route: 'GET /api/evaluations',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/evaluations?workspace_id=${f.workspaceId}` }),
      },
      {
        route: 'GET /api/evaluations/compare',
        expect: READ,
        request: (f) => ({
          method: 'GET',
          path: `/api/evaluations/compare?base=${f.evaluationId}&head=${f.otherEvaluationId}`,
        }),
      },
      {
        route: 'GET /api/evaluations/{id}',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/evaluations/${f.evaluationId}` }),
      },
      {
        route: 'GET /api/evaluations/{id}/results',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/evaluations/${f.evaluationId}/results` }),
      },
      {
        route: 'POST /api/evaluations/{id}/cancel',
        expect: ADMIN(200),
        request: (f) => ({ method: 'POST', path: `/api/evaluations/${f.evaluationId}/cancel` }),
      },
    ],
  },
);
