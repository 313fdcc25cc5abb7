import { knowledgeRoutes } from '../adapters/knowledge/http/knowledge-routes.ts';
import { InMemoryChunkSearch } from '../adapters/knowledge/memory/in-memory-chunk-search.ts';
import { InMemoryDocumentRepository } from '../adapters/knowledge/memory/in-memory-document-repository.ts';
import { InMemoryKnowledgeBaseRepository } from '../adapters/knowledge/memory/in-memory-knowledge-base-repository.ts';
import { PostgresChunkSearch } from '../adapters/knowledge/postgres/postgres-chunk-search.ts';
import { PostgresDocumentRepository } from '../adapters/knowledge/postgres/postgres-document-repository.ts';
import { PostgresKnowledgeBaseRepository } from '../adapters/knowledge/postgres/postgres-knowledge-base-repository.ts';
import { documentTextExtractor } from '../adapters/knowledge/text/document-text-extractor.ts';
import { recursiveTextSplitter } from '../adapters/knowledge/text/recursive-text-splitter.ts';
import { DrainingJob } from '../adapters/platform/system/draining-job.ts';
import type { KnowledgeSearch } from '../application/agents/index.ts';
import { type AddDocument, makeAddDocument } from '../application/knowledge/add-document.ts';
import { makeAgentKnowledgeSearch } from '../application/knowledge/agent-knowledge-search.ts';
import {
  type CreateKnowledgeBase,
  makeCreateKnowledgeBase,
} from '../application/knowledge/create-knowledge-base.ts';
import {
  type DeleteDocument,
  type GetDocument,
  type ListDocuments,
  makeDeleteDocument,
  makeGetDocument,
  makeListDocuments,
} from '../application/knowledge/document-reads.ts';
import {
  type IngestNextDocument,
  makeIngestNextDocument,
} from '../application/knowledge/ingest-next-document.ts';
import {
  type DeleteKnowledgeBase,
  type GetKnowledgeBase,
  type ListKnowledgeBases,
  makeDeleteKnowledgeBase,
  makeGetKnowledgeBase,
  makeListKnowledgeBases,
} from '../application/knowledge/knowledge-base-reads.ts';
import type { ChunkSearch } from '../application/knowledge/ports/chunk-search.ts';
import type { DocumentRepository } from '../application/knowledge/ports/document-repository.ts';
import type { IngestionSignal } from '../application/knowledge/ports/ingestion-signal.ts';
import type { KnowledgeBaseRepository } from '../application/knowledge/ports/knowledge-base-repository.ts';
import type { TextExtractor } from '../application/knowledge/ports/text-extractor.ts';
import type { TextSplitter } from '../application/knowledge/ports/text-splitter.ts';
import {
  makeSearchKnowledgeBase,
  type SearchKnowledgeBase,
} from '../application/knowledge/search-knowledge-base.ts';
import type { ThroughAgents } from './agents.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Knowledge bases: documents read, chunked and embedded in the background, searched by keyword and meaning. */
export interface KnowledgeCradle {
  knowledgeBases: KnowledgeBaseRepository;
  documents: DocumentRepository;
  /** `VECTOR_INDEX=exact` (the only one this build has; `pgvector` is refused at boot). */
  chunkSearch: ChunkSearch;
  textExtractor: TextExtractor;
  textSplitter: TextSplitter;
  createKnowledgeBase: CreateKnowledgeBase;
  listKnowledgeBases: ListKnowledgeBases;
  getKnowledgeBase: GetKnowledgeBase;
  deleteKnowledgeBase: DeleteKnowledgeBase;
  addDocument: AddDocument;
  listDocuments: ListDocuments;
  getDocument: GetDocument;
  deleteDocument: DeleteDocument;
  searchKnowledgeBase: SearchKnowledgeBase;
  ingestNextDocument: IngestNextDocument;
  /** Ingests waiting documents on every instance. */
  ingestionRunner: DrainingJob;
  ingestionSignal: IngestionSignal;
  /** The agents area's question: what an agent's `knowledge` tool finds. */
  knowledgeSearch: KnowledgeSearch;
}

export type ThroughKnowledge = ThroughAgents & KnowledgeCradle;

const { singleton } = registrar<ThroughKnowledge>();
const { stored } = adaptersFor<ThroughKnowledge>();

export const knowledge: Area<KnowledgeCradle, ThroughKnowledge> = {
  name: 'knowledge',
  register: ({ config, persistence }) => ({
    knowledgeBases: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresKnowledgeBaseRepository({ db }),
        memory: (store) => new InMemoryKnowledgeBaseRepository({ store }),
      }),
    ),
    documents: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresDocumentRepository({ db }),
        memory: (store) => new InMemoryDocumentRepository({ store }),
      }),
    ),
    chunkSearch: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresChunkSearch({ db }),
        memory: (store) => new InMemoryChunkSearch({ store }),
      }),
    ),
    textExtractor: singleton(() => documentTextExtractor),
    textSplitter: singleton(() => recursiveTextSplitter(config.knowledge)),
    createKnowledgeBase: singleton(makeCreateKnowledgeBase),
    listKnowledgeBases: singleton(makeListKnowledgeBases),
    getKnowledgeBase: singleton(makeGetKnowledgeBase),
    deleteKnowledgeBase: singleton(makeDeleteKnowledgeBase),
    addDocument: singleton(makeAddDocument),
    listDocuments: singleton(makeListDocuments),
    getDocument: singleton(makeGetDocument),
    deleteDocument: singleton(makeDeleteDocument),
    searchKnowledgeBase: singleton(makeSearchKnowledgeBase),
    ingestNextDocument: singleton(makeIngestNextDocument),
    ingestionRunner: singleton(
      ({ ingestNextDocument, logger }) =>
        new DrainingJob({
          next: ingestNextDocument,
          logger,
          intervalSeconds: config.knowledge.ingestPollIntervalSeconds,
          name: 'knowledge-ingestion',
          failure: 'a document could not be ingested',
          concurrency: config.knowledge.ingestConcurrency,
        }),
      (job) => job.stop(),
    ),
    ingestionSignal: singleton(({ ingestionRunner }) => ({ added: () => ingestionRunner.poke() })),
    knowledgeSearch: singleton(makeAgentKnowledgeSearch),
  }),
  routes: knowledgeRoutes,
  jobs: ({ ingestionRunner }) => [ingestionRunner],
};
