import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type DocumentMetadata, KnowledgeDocument } from '../../domain/knowledge/knowledge-document.ts';
import { accessibleFile, type FileRepository } from '../files/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { accessibleKnowledgeBase, type KnowledgeAccessDeps } from './accessible-knowledge-base.ts';
import type { DocumentRepository } from './ports/document-repository.ts';
import type { IngestionSignal } from './ports/ingestion-signal.ts';

export type AddDocumentInput =
  | { readonly fileId: string; readonly metadata?: DocumentMetadata | undefined }
  | { readonly title: string; readonly text: string; readonly metadata?: DocumentMetadata | undefined };

export type AddDocument = (
  principal: Principal,
  knowledgeBaseId: string,
  input: AddDocumentInput,
) => Promise<KnowledgeDocument>;

/**
 * Admins and owners add a document, from a file of the knowledge base's workspace (titled with the file's
 * name) or as text; it is `processing` until an instance's ingestion runner has chunked it.
 */
export function makeAddDocument(
  deps: KnowledgeAccessDeps & {
    documents: DocumentRepository;
    files: FileRepository;
    ingestionSignal: IngestionSignal;
    clock: Clock;
    ids: IdGenerator;
  },
): AddDocument {
  return async (principal, knowledgeBaseId, input) => {
    const base = await accessibleKnowledgeBase(deps, principal, knowledgeBaseId, 'admin');
    let source: { title: string; fileId: string | null; text: string | null };
    if ('fileId' in input) {
      const file = await accessibleFile(deps, principal, input.fileId, 'member');
      if (file.workspaceId !== base.workspaceId) {
        throw new InvalidFields([
          { path: '/file_id', message: "is not a file of the knowledge base's workspace" },
        ]);
      }
      source = { title: file.name, fileId: file.id, text: null };
    } else {
      source = { title: input.title, fileId: null, text: input.text };
    }
    const document = KnowledgeDocument.add(
      {
        id: deps.ids.newId(),
        knowledgeBaseId: base.id,
        workspaceId: base.workspaceId,
        ...source,
        metadata: input.metadata,
      },
      deps.clock.now(),
    );
    await deps.documents.add(document);
    deps.ingestionSignal.added();
    return document;
  };
}
