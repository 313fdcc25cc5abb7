import type { WorkspaceSnapshot } from '../../../application/exports/workspace-document.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/index.ts';
import type { ProviderAccount } from '../../../domain/models/index.ts';
import { presentAgentVersion } from '../../agents/index.ts';
import { presentBlueprint, presentVersion } from '../../blueprints/index.ts';
import { presentDataset, presentDatasetItem } from '../../evaluations/index.ts';
import { presentKnowledgeBase } from '../../knowledge/index.ts';
import { presentMission } from '../../missions/index.ts';
import { presentSchedule } from '../../schedules/index.ts';
import { presentTrigger } from '../../triggers/index.ts';

/** What the first field of a workspace export says it is. */
export const WORKSPACE_EXPORT_FORMAT = 'workspace-export';
export const WORKSPACE_EXPORT_VERSION = 1;

/**
 * A workspace export as one JSON document, written a piece at a time: `{format, version, workspace_id,
 * exported_at, missions, blueprints (each with its versions, oldest first), triggers, schedules,
 * model_providers, agents (each with its versions, oldest first), datasets (each with its items, oldest first),
 * knowledge_bases (each with its documents' metadata)}`, each object as the API presents it (a trigger without
 * its secrets; a model provider without its key or the key's hint; a document without its text).
 */
export async function* workspaceJson(
  snapshot: WorkspaceSnapshot,
  publicUrl: string,
): AsyncIterable<Uint8Array> {
  const head = {
    format: WORKSPACE_EXPORT_FORMAT,
    version: WORKSPACE_EXPORT_VERSION,
    workspace_id: snapshot.workspaceId,
    exported_at: snapshot.exportedAt.toISOString(),
  };
  yield text(`${JSON.stringify(head).slice(0, -1)},"missions":[`);
  yield* list(snapshot.missions, presentMission);
  yield text('],"blueprints":[');
  yield* nested(
    snapshot.blueprints,
    ({ blueprint }) => presentBlueprint(blueprint),
    'versions',
    (b) => list(b.versions, presentVersion),
  );
  yield text('],"triggers":[');
  yield* list(snapshot.triggers, (trigger) => presentTrigger(trigger, publicUrl));
  yield text('],"schedules":[');
  yield* list(snapshot.schedules, presentSchedule);
  yield text('],"model_providers":[');
  yield* list(snapshot.modelProviders, presentProviderWithoutKey);
  yield text('],"agents":[');
  yield* nested(
    snapshot.agents,
    ({ agent }) => ({ id: agent.id, name: agent.name, description: agent.description }),
    'versions',
    (a) => list(a.versions, presentAgentVersion),
  );
  yield text('],"datasets":[');
  yield* nested(
    snapshot.datasets,
    ({ dataset }) => presentDataset(dataset),
    'items',
    (d) => list(d.items, presentDatasetItem),
  );
  yield text('],"knowledge_bases":[');
  yield* nested(
    snapshot.knowledgeBases,
    ({ base }) => presentKnowledgeBase(base),
    'documents',
    (k) => list(k.documents, presentDocumentMetadata),
  );
  yield text(']}\n');
}

/** A model provider in an export: where and how it is reached, never its key (nor the key's last characters). */
function presentProviderWithoutKey(account: ProviderAccount) {
  return {
    id: account.id,
    name: account.name,
    kind: account.kind,
    base_url: account.baseUrl,
    created_at: account.createdAt.toISOString(),
  };
}

/** A knowledge base's document in an export: what it is and how far it got, never its text. */
function presentDocumentMetadata(document: KnowledgeDocument) {
  return {
    id: document.id,
    title: document.title,
    status: document.status,
    chunks: document.chunks,
    metadata: document.metadata,
    created_at: document.createdAt.toISOString(),
  };
}

/** Objects of a JSON array, each as `head` presents it with one more field: the list `key`, one at a time. */
async function* nested<T>(
  items: AsyncIterable<T>,
  head: (item: T) => object,
  key: string,
  inner: (item: T) => AsyncIterable<Uint8Array>,
) {
  let first = true;
  for await (const item of items) {
    yield text(`${first ? '' : ','}${JSON.stringify(head(item)).slice(0, -1)},${JSON.stringify(key)}:[`);
    yield* inner(item);
    yield text(']}');
    first = false;
  }
}

/** The items of a JSON array, comma-separated, one at a time. */
async function* list<T>(items: AsyncIterable<T>, present: (item: T) => unknown) {
  let first = true;
  for await (const item of items) {
    yield text(`${first ? '' : ','}${JSON.stringify(present(item))}`);
    first = false;
  }
}

const text = (value: string) => Buffer.from(value);
