import { expect } from 'chai';
import { type ApiResponse, api, type Caller } from './api.ts';
import { fakeModelProvider } from './fake-model-provider.ts';
import { download } from './file-requests.ts';
import { suiteApp, suiteUser, suiteWorkspace } from './http-suite.ts';
import type { Json } from './json.ts';
import { suiteValue } from './suite-values.ts';
import type { TestApp } from './test-app.ts';
import { within } from './within.ts';

/** Asks for an export over HTTP, waits until it finished (succeeded or failed) and returns it as last seen. */
export async function exportOverHttp(app: TestApp, caller: Caller, workspaceId: string, request: object) {
  const queued = await api(app, caller, 'POST', `/api/workspaces/${workspaceId}/exports`, request);
  expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
  expect(queued.headers.get('location')).to.equal(`/api/exports/${queued.body.id}`);
  let seen: ApiResponse | undefined;
  await within(20_000, `export ${queued.body.id} finished`, async () => {
    seen = await api(app, caller, 'GET', `/api/exports/${queued.body.id}`);
    return ['succeeded', 'failed'].includes(seen.body.status);
  });
  return (seen as ApiResponse).body as Json;
}

/** The text of a finished export's file. */
export async function exportText(app: TestApp, caller: Caller, finished: Json): Promise<string> {
  expect(finished.status, JSON.stringify(finished)).to.equal('succeeded');
  const file = await download(app, caller, `/api/files/${finished.file_id}/content`);
  expect(file.status).to.equal(200);
  return file.bytes.toString('utf8');
}

/**
 * A suite's app (files on PostgreSQL, model providers on loopback allowed), its owner, a source and a target
 * workspace for an export's round trip, a fake model provider, and `post` answering 201 with an id.
 */
export function exportRoundTripSuite(name: string) {
  const app = suiteApp({
    FILE_STORAGE: 'postgres',
    MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
  });
  const owner = suiteUser(app);
  const source = suiteWorkspace(app, owner, `${name} source`);
  const target = suiteWorkspace(app, owner, `${name} target`);
  const fake = suiteValue(
    () => fakeModelProvider(),
    (f) => f.close(),
  );
  const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);
  const post = async (path: string, body: unknown) => {
    const answer = await call('POST', path, body);
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).to.equal(201);
    return answer.body as Json & { id: string };
  };
  return { app, owner, source, target, fake, call, post };
}
