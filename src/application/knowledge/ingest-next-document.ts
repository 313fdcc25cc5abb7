import { DomainError } from '../../domain/kernel/errors.ts';
import { type IndexedChunk, unitLength } from '../../domain/knowledge/chunk.ts';
import {
  INGESTION_LEASE_SECONDS,
  type KnowledgeDocument,
} from '../../domain/knowledge/knowledge-document.ts';
import { UnreadableDocument } from '../../domain/knowledge/knowledge-errors.ts';
import type { FileRepository, FileStorage } from '../files/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { ModelProviders, ProviderAccountRepository } from '../models/index.ts';
import type { DocumentRepository } from './ports/document-repository.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';
import type { TextExtractor } from './ports/text-extractor.ts';
import type { TextSplitter } from './ports/text-splitter.ts';

/** Chunks (and embeds) the oldest waiting document; false when none was waiting. */
export type IngestNextDocument = () => Promise<boolean>;

/** The largest file read into a document (its text is held in memory while it is chunked). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** Inputs per embeddings request. */
export const EMBEDDING_BATCH = 64;

export interface IngestionDeps {
  readonly documents: DocumentRepository;
  readonly knowledgeBases: KnowledgeBaseRepository;
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
  readonly textExtractor: TextExtractor;
  readonly textSplitter: TextSplitter;
  readonly providerAccounts: ProviderAccountRepository;
  readonly modelProviders: ModelProviders;
  readonly clock: Clock;
}

class IngestionTakenOver extends Error {}

/**
 * Takes a document under a lease (any instance; renewed between embedding requests), reads its text, splits it
 * and embeds the chunks when the knowledge base has an embedding model, then stores the chunks and `ready` in
 * one step. A domain failure (unreadable bytes, a provider's error) fails the document with its message; any
 * other with a generic one, thrown again to be logged. An attempt that lost its lease stores nothing.
 */
export function makeIngestNextDocument(deps: IngestionDeps): IngestNextDocument {
  const leaseMs = INGESTION_LEASE_SECONDS * 1000;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);
  return async () => {
    const now = deps.clock.now();
    const document = await deps.documents.takeNext(now, (taken) => taken.take(now, leaseFrom(now)));
    if (!document) return false;
    if (document.status !== 'processing') return true; // it failed: out of attempts
    let renewedAt = now.getTime();
    const keepLease = async () => {
      const at = deps.clock.now();
      if (at.getTime() - renewedAt < leaseMs / 3) return;
      if (!(await deps.documents.renewLease(document, leaseFrom(at)))) throw new IngestionTakenOver();
      renewedAt = at.getTime();
    };
    try {
      const chunks = await indexedChunks(deps, document, keepLease);
      document.ready(chunks.length, deps.clock.now());
      await deps.documents.finish(document, chunks);
    } catch (error) {
      if (error instanceof IngestionTakenOver) return true;
      const known = error instanceof DomainError;
      document.fail(known ? error.message : 'the document could not be read; add it again', deps.clock.now());
      await deps.documents.finish(document, []);
      if (!known) throw error;
    }
    return true;
  };
}

async function indexedChunks(
  deps: IngestionDeps,
  document: KnowledgeDocument,
  keepLease: () => Promise<void>,
): Promise<IndexedChunk[]> {
  const base = await deps.knowledgeBases.findById(document.knowledgeBaseId);
  if (!base) throw new UnreadableDocument('the knowledge base was deleted');
  const text = await textOf(deps, document);
  const chunks = await deps.textSplitter.split(text);
  if (!base.embedding) return chunks.map((chunk) => ({ ...chunk, embedding: null }));
  const account = await deps.providerAccounts.findById(base.embedding.providerId);
  const embed = account && deps.modelProviders(account).embed;
  if (!embed) throw new UnreadableDocument("the knowledge base's embedding provider no longer exists");
  const indexed: IndexedChunk[] = [];
  for (let at = 0; at < chunks.length; at += EMBEDDING_BATCH) {
    await keepLease();
    const batch = chunks.slice(at, at + EMBEDDING_BATCH);
    const { vectors } = await embed({
      model: base.embedding.model,
      inputs: batch.map((chunk) => chunk.text),
    });
    for (const [i, chunk] of batch.entries()) {
      indexed.push({ ...chunk, embedding: unitLength(vectors[i] ?? []) });
    }
  }
  return indexed;
}

async function textOf(deps: IngestionDeps, document: KnowledgeDocument): Promise<string> {
  if (document.text !== null) return document.text;
  // A file's document whose file was deleted meanwhile has neither (its `file_id` was set to null).
  const file = document.fileId === null ? undefined : await deps.files.findById(document.fileId);
  if (!file) throw new UnreadableDocument('the file of this document was deleted');
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw new UnreadableDocument(`the file is larger than ${MAX_DOCUMENT_BYTES} bytes`);
  }
  const parts: Uint8Array[] = [];
  for await (const part of deps.fileStorage.read(file.id)) parts.push(part);
  return deps.textExtractor.extract(file.contentType, Buffer.concat(parts));
}
