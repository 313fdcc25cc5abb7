import { ConfigError, type Input, type Settings } from './settings.ts';

export interface KnowledgeConfig {
  readonly knowledge: {
    /** Where chunks' embeddings are kept and searched: `exact` (real[] compared exactly) or `pgvector`. */
    readonly vectorIndex: 'exact' | 'pgvector';
    /** How often an instance looks for documents to ingest (0: never, on this instance). */
    readonly ingestPollIntervalSeconds: number;
    /** Documents one instance ingests at once. */
    readonly ingestConcurrency: number;
    /** Characters per chunk at most, and those a chunk shares with the one before it. */
    readonly chunkSize: number;
    readonly chunkOverlap: number;
  };
}

export const knowledgeSettings: Settings<KnowledgeConfig> = {
  properties: {
    VECTOR_INDEX: {
      enum: ['exact', 'pgvector'],
      default: 'exact',
      description:
        "where knowledge bases' embeddings are kept and searched: `exact` (`real[]` in PostgreSQL, every chunk compared exactly: no extension needed) or `pgvector` (needs the `vector` extension in the database; the server refuses to start without it)",
    },
    KNOWLEDGE_POLL_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 3600,
      default: 5,
      description:
        'how often an instance looks for documents to ingest (and documents whose instance stopped mid-way); an instance starts the documents added through it at once (`0`: this instance ingests none)',
    },
    KNOWLEDGE_INGEST_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 4,
      description:
        'documents one instance ingests at once (reading, splitting, waiting for the embeddings API, storing the chunks)',
    },
    KNOWLEDGE_CHUNK_SIZE: {
      type: 'integer',
      minimum: 100,
      maximum: 20000,
      default: 1000,
      description: "the most characters of a document's chunk",
    },
    KNOWLEDGE_CHUNK_OVERLAP: {
      type: 'integer',
      minimum: 0,
      maximum: 5000,
      default: 200,
      description:
        'the characters a chunk shares with the chunk before it (less than `KNOWLEDGE_CHUNK_SIZE`)',
    },
  },
  read: (input: Input, platform): KnowledgeConfig => {
    const vectorIndex = input.VECTOR_INDEX as KnowledgeConfig['knowledge']['vectorIndex'];
    if (vectorIndex === 'pgvector' && platform.persistence === 'memory') {
      throw new ConfigError('invalid configuration: VECTOR_INDEX=pgvector needs PERSISTENCE=postgres');
    }
    const chunkSize = input.KNOWLEDGE_CHUNK_SIZE as number;
    const chunkOverlap = input.KNOWLEDGE_CHUNK_OVERLAP as number;
    if (chunkOverlap >= chunkSize) {
      throw new ConfigError(
        'invalid configuration: KNOWLEDGE_CHUNK_OVERLAP must be less than KNOWLEDGE_CHUNK_SIZE',
      );
    }
    return {
      knowledge: {
        vectorIndex,
        ingestPollIntervalSeconds: input.KNOWLEDGE_POLL_INTERVAL_SECONDS as number,
        ingestConcurrency: input.KNOWLEDGE_INGEST_CONCURRENCY as number,
        chunkSize,
        chunkOverlap,
      },
    };
  },
};
