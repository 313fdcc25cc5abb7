import { Conflict, DomainError, NotFound } from '../kernel/errors.ts';

export class KnowledgeBaseNotFound extends NotFound {
  constructor() {
    super('knowledge base');
  }
}

export class DocumentNotFound extends NotFound {
  constructor() {
    super('document');
  }
}

/** Semantic search, or an embedding model whose provider offers no embeddings API (CONTRACT section 12). */
export class EmbeddingNotConfigured extends Conflict {
  constructor(message = 'this knowledge base has no embedding model; search it with mode "keyword"') {
    super(message, 'embedding_not_configured');
  }
}

/** A document's bytes whose text cannot be read: an unsupported media type, or bytes not of their type. */
export class UnreadableDocument extends DomainError {
  constructor(message: string) {
    super('invalid', 'unreadable_document', message);
  }
}
