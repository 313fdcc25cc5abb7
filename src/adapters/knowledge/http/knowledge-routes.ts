import type { ThroughKnowledge } from '../../../composition/knowledge.ts';
import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { camelCased, onId } from '../../platform/http/request-input.ts';
import { accepted, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentDocument, presentKnowledgeBase, presentSearch } from './knowledge-presenters.ts';
import {
  addDocumentRequest,
  createKnowledgeBaseRequest,
  knowledgeBase,
  knowledgeDocument,
  listKnowledgeBasesQuery,
  searchRequest,
  searchResult,
} from './knowledge-schemas.ts';

export function knowledgeRoutes(deps: ThroughKnowledge): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  const base: answer.View<KnowledgeBase> = { schema: knowledgeBase, present: presentKnowledgeBase };
  const doc: answer.View<KnowledgeDocument> = { schema: knowledgeDocument, present: presentDocument };
  return [
    bearer.post('/api/knowledge-bases', {
      operationId: 'createKnowledgeBase',
      summary: 'Make a knowledge base (admins)',
      description:
        "With `embedding` (a model of one of the workspace's `openai` providers) its documents are embedded and " +
        'searched by meaning too; a provider with no embeddings API (`anthropic`) answers 409 ' +
        '`embedding_not_configured`.',
      body: createKnowledgeBaseRequest,
      errors: [403, 404, 409],
      ...answer.created(
        base,
        { description: 'The knowledge base.', headers: locationHeader('knowledge base', 'knowledge-bases') },
        ({ principal, body }) => deps.createKnowledgeBase(principal, camelCasedBase(body)),
        (created) => `/api/knowledge-bases/${created.id}`,
      ),
    }),
    bearer.get('/api/knowledge-bases', {
      operationId: 'listKnowledgeBases',
      summary: "A workspace's knowledge bases",
      description: 'Any member. Oldest first.',
      query: listKnowledgeBasesQuery,
      errors: [404],
      ...answer.page(base, 'One page of knowledge bases.', ({ principal, query }, page) =>
        deps.listKnowledgeBases(principal, query.workspace_id as string, page),
      ),
    }),
    bearer.get('/api/knowledge-bases/{id}', {
      operationId: 'getKnowledgeBase',
      summary: 'A knowledge base',
      ...answer.one(base, 'The knowledge base.', onId(deps.getKnowledgeBase)),
    }),
    bearer.delete('/api/knowledge-bases/{id}', {
      operationId: 'deleteKnowledgeBase',
      summary: 'Delete a knowledge base with its documents (admins)',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteKnowledgeBase)),
    }),
    bearer.post('/api/knowledge-bases/{id}/documents', {
      operationId: 'addDocument',
      summary: 'Add a document to a knowledge base (admins)',
      description:
        'From a file of the workspace or as text. Any server instance reads, chunks (about 1,000 characters, ' +
        '200 shared with the chunk before) and embeds it in the background: follow `GET /api/documents/{id}` ' +
        'until `ready` (with `chunks`) or `failed` (with `error`).',
      params: idParams,
      body: addDocumentRequest,
      errors: [403],
      responses: {
        202: {
          description: 'The document, `processing`.',
          schema: knowledgeDocument,
          headers: locationHeader('document', 'documents'),
        },
      },
      handler: async (ctx, { principal, params, body }) => {
        const added = await deps.addDocument(principal, params.id, camelCased(body));
        accepted(ctx, presentDocument(added), `/api/documents/${added.id}`);
      },
    }),
    bearer.get('/api/knowledge-bases/{id}/documents', {
      operationId: 'listDocuments',
      summary: "A knowledge base's documents",
      description: 'Any member. Oldest first.',
      params: idParams,
      query: pageQuery,
      ...answer.page(doc, 'One page of documents.', ({ principal, params }, page) =>
        deps.listDocuments(principal, params.id, page),
      ),
    }),
    bearer.get('/api/documents/{id}', {
      operationId: 'getDocument',
      summary: 'A document and its ingestion status',
      ...answer.one(doc, 'The document.', onId(deps.getDocument)),
    }),
    bearer.delete('/api/documents/{id}', {
      operationId: 'deleteDocument',
      summary: 'Delete a document and its chunks (admins)',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteDocument)),
    }),
    bearer.post('/api/knowledge-bases/{id}/search', {
      operationId: 'searchKnowledgeBase',
      summary: 'Search a knowledge base',
      description:
        "Any member. `keyword`: PostgreSQL full-text search with the knowledge base's language (a web search " +
        'query: words all required, `"phrases"`, `or`, `-word`); `semantic`: cosine similarity of embeddings ' +
        '(409 `embedding_not_configured` without an embedding model); `hybrid`: both fused by reciprocal rank. ' +
        '`filter` keeps chunks of documents whose metadata holds every pair given, in every mode.',
      params: idParams,
      body: searchRequest,
      errors: [409],
      responses: { 200: { description: 'The best chunks, best first.', schema: searchResult } },
      handler: async (ctx, { principal, params, body }) => {
        ok(ctx, presentSearch(await deps.searchKnowledgeBase(principal, params.id, camelCased(body))));
      },
    }),
  ];
}

function camelCasedBase(body: unknown) {
  const input = camelCased<{
    workspaceId: string;
    name: string;
    language?: string;
    embedding?: { provider_id: string; model: string };
  }>(body);
  const { embedding, ...rest } = input;
  return {
    ...rest,
    ...(embedding && { embedding: { providerId: embedding.provider_id, model: embedding.model } }),
  };
}
