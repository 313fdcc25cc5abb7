/** A document's metadata: a flat JSON object, matched by search filters. */
export type DocumentMetadata = Readonly<Record<string, string | number | boolean | null>>;
export type DocumentStatus = 'processing' | 'ready' | 'failed';

/** How long an ingestion attempt holds a document before another instance may take it again. */
export const INGESTION_LEASE_SECONDS = 60;
/** Attempts after which a document that keeps losing its instance fails. */
export const INGESTION_MAX_ATTEMPTS = 3;

export const MAX_ERROR_LENGTH = 1000;

export interface KnowledgeDocumentProps {
  readonly id: string;
  readonly knowledgeBaseId: string;
  readonly workspaceId: string;
  readonly title: string;
  /** The file the text comes from, or null for a document sent as text. */
  readonly fileId: string | null;
  /** The text sent (null for a file's document). */
  readonly text: string | null;
  readonly metadata: DocumentMetadata;
  status: DocumentStatus;
  chunks: number | null;
  error: string | null;
  attempts: number;
  leaseExpiresAt: Date | null;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** A document of a knowledge base: `processing` until some instance has chunked (and embedded) it. */
export class KnowledgeDocument implements KnowledgeDocumentProps {
  readonly id!: string;
  readonly knowledgeBaseId!: string;
  readonly workspaceId!: string;
  readonly title!: string;
  readonly fileId!: string | null;
  readonly text!: string | null;
  readonly metadata!: DocumentMetadata;
  status!: DocumentStatus;
  chunks!: number | null;
  error!: string | null;
  attempts!: number;
  leaseExpiresAt!: Date | null;
  readonly createdAt!: Date;
  updatedAt!: Date;

  constructor(props: KnowledgeDocumentProps) {
    Object.assign(this, props);
  }

  static add(
    props: Pick<
      KnowledgeDocumentProps,
      'id' | 'knowledgeBaseId' | 'workspaceId' | 'title' | 'fileId' | 'text'
    > & {
      metadata?: DocumentMetadata | undefined;
    },
    now: Date,
  ): KnowledgeDocument {
    return new KnowledgeDocument({
      ...props,
      metadata: props.metadata ?? {},
      status: 'processing',
      chunks: null,
      error: null,
      attempts: 0,
      leaseExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Waiting for an instance: never taken, or its last attempt's lease ran out. */
  takeableAt(now: Date): boolean {
    return this.status === 'processing' && (this.leaseExpiresAt === null || this.leaseExpiresAt <= now);
  }

  /** A new attempt holding the document until `until`; past the last attempt the document fails instead. */
  take(now: Date, until: Date): void {
    this.attempts += 1;
    if (this.attempts > INGESTION_MAX_ATTEMPTS) {
      this.fail(`ingestion stopped ${INGESTION_MAX_ATTEMPTS} times before it finished`, now);
      return;
    }
    this.leaseExpiresAt = until;
    this.updatedAt = now;
  }

  ready(chunks: number, now: Date): void {
    this.status = 'ready';
    this.chunks = chunks;
    this.leaseExpiresAt = null;
    this.updatedAt = now;
  }

  /** Failed, saying why (at most `MAX_ERROR_LENGTH` characters). */
  fail(error: string, now: Date): void {
    this.status = 'failed';
    this.error = error.slice(0, MAX_ERROR_LENGTH);
    this.leaseExpiresAt = null;
    this.updatedAt = now;
  }
}
