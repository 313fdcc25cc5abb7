// What later areas use of the knowledge area's application: they import it from here only (`make layers`).

export type { CreateKnowledgeBase } from './create-knowledge-base.ts';
export type { DocumentRepository } from './ports/document-repository.ts';
export type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';
