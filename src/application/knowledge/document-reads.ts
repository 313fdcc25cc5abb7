import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.ts';
import { DocumentNotFound } from '../../domain/knowledge/knowledge-errors.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { accessibleKnowledgeBase, type KnowledgeAccessDeps } from './accessible-knowledge-base.ts';
import type { DocumentRepository } from './ports/document-repository.ts';

type DocumentDeps = KnowledgeAccessDeps & { readonly documents: DocumentRepository };

export type ListDocuments = (
  principal: Principal,
  knowledgeBaseId: string,
  page: PageRequest,
) => Promise<Page<KnowledgeDocument>>;
export type GetDocument = (principal: Principal, id: string) => Promise<KnowledgeDocument>;
export type DeleteDocument = (principal: Principal, id: string) => Promise<void>;

async function accessibleDocument(deps: DocumentDeps, principal: Principal, id: string, minimum: Role) {
  const document = await deps.documents.findById(id);
  if (!document) throw new DocumentNotFound();
  await deps.workspaceAccess(principal, document.workspaceId, minimum, 'document');
  return document;
}

/** A knowledge base's documents, oldest first, for any member. */
export function makeListDocuments(deps: DocumentDeps): ListDocuments {
  return async (principal, knowledgeBaseId, page) => {
    const base = await accessibleKnowledgeBase(deps, principal, knowledgeBaseId, 'member');
    return deps.documents.list(base.id, page);
  };
}

/** Any member reads a document (its status, chunk count, error). */
export function makeGetDocument(deps: DocumentDeps): GetDocument {
  return (principal, id) => accessibleDocument(deps, principal, id, 'member');
}

/** Admins and owners delete a document; its chunks go with it (an ingestion under way stores nothing). */
export function makeDeleteDocument(deps: DocumentDeps): DeleteDocument {
  return async (principal, id) => {
    const document = await accessibleDocument(deps, principal, id, 'admin');
    await deps.documents.delete(document.id);
  };
}
