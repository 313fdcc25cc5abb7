import { ADMIN, areaAuthorizationMatrix, READ } from '../../support/area-authorization-matrix.ts';

areaAuthorizationMatrix(
  'authorisation matrix: every knowledge route for every role, as a person and as an API key',
  {
    settings: { QUOTA_WORKSPACES_PER_USER: '100000', KNOWLEDGE_POLL_INTERVAL_SECONDS: '0' },
    workspaceName: 'Knowledge matrix',
    fixture: async (c, owner, workspaceId) => {
      const base = await c.createKnowledgeBase(owner, { workspaceId, name: 'kb' });
      const document = await c.addDocument(owner, base.id, { title: 't', text: 'some words' });
      return { knowledgeBaseId: base.id, documentId: document.id };
    },
    coverage: 'covers every route of knowledge bases and documents',
    routes: /^\/api\/(knowledge-bases|documents)/,
    cases: [
      {
        route: 'POST /api/knowledge-bases',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: '/api/knowledge-bases',
          body: { workspace_id: f.workspaceId, name: 'n' },
        }),
      },
      {
        route: 'GET /api/knowledge-bases',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/knowledge-bases?workspace_id=${f.workspaceId}` }),
      },
      {
        route: 'GET /api/knowledge-bases/{id}',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/knowledge-bases/${f.knowledgeBaseId}` }),
      },
      {
        route: 'DELETE /api/knowledge-bases/{id}',
        expect: ADMIN(204),
        request: (f) => ({ method: 'DELETE', path: `/api/knowledge-bases/${f.knowledgeBaseId}` }),
      },
      {
        route: 'POST /api/knowledge-bases/{id}/documents',
        expect: ADMIN(202),
        request: (f) => ({
          method: 'POST',
          path: `/api/knowledge-bases/${f.knowledgeBaseId}/documents`,
          body: { title: 'n', text: 'words' },
        }),
      },
      {
        route: 'GET /api/knowledge-bases/{id}/documents',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/knowledge-bases/${f.knowledgeBaseId}/documents` }),
      },
      {
        route: 'POST /api/knowledge-bases/{id}/search',
        expect: READ,
        request: (f) => ({
          method: 'POST',
          path: `/api/knowledge-bases/${f.knowledgeBaseId}/search`,
          body: { query: 'words' },
        }),
      },
      {
        route: 'GET /api/documents/{id}',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/documents/${f.documentId}` }),
      },
      {
        route: 'DELETE /api/documents/{id}',
        expect: ADMIN(204),
        request: (f) => ({ method: 'DELETE', path: `/api/documents/${f.documentId}` }),
      },
    ],
  },
);
