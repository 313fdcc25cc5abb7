import { ADMIN, areaAuthorizationMatrix, READ } from '../../support/area-authorization-matrix.ts';

const TUS = { 'tus-resumable': '1.0.0' };

areaAuthorizationMatrix(
  'authorisation matrix: every files and uploads route for every role, as a person and as an API key',
  {
    settings: { FILE_STORAGE: 'postgres' },
    workspaceName: 'Files matrix',
    fixture: async (c, owner, workspaceId) => {
      const file = await c.uploadFile(owner, {
        workspaceId,
        name: 'f.txt',
        contentType: 'text/plain',
        bytes: (async function* () {
          yield Buffer.from('hello');
        })(),
      });
      // An unfinished tus upload of 10 bytes, none sent yet.
      const upload = await c.createUpload(owner, {
        workspaceId,
        name: 'u.bin',
        contentType: undefined,
        length: 10,
      });
      return { fileId: file.id, uploadId: upload.id };
    },
    coverage: 'covers every bearer route of files; the signed-link download is the one public route',
    routes: /^\/api\/(files|uploads)/,
    open: ['GET /api/files/download/{link}', 'OPTIONS /api/uploads'],
    cases: [
      {
        route: 'POST /api/files',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: `/api/files?workspace_id=${f.workspaceId}&name=new.txt`,
          body: 'new bytes',
          type: 'text/plain',
        }),
      },
      {
        route: 'GET /api/files',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/files?workspace_id=${f.workspaceId}` }),
      },
      {
        route: 'GET /api/files/{id}',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/files/${f.fileId}` }),
      },
      {
        route: 'DELETE /api/files/{id}',
        expect: ADMIN(204),
        request: (f) => ({ method: 'DELETE', path: `/api/files/${f.fileId}` }),
      },
      {
        route: 'GET /api/files/{id}/content',
        expect: READ,
        request: (f) => ({ method: 'GET', path: `/api/files/${f.fileId}/content` }),
      },
      {
        route: 'POST /api/files/{id}/links',
        expect: { ...READ, owner: 201, admin: 201, member: 201 },
        request: (f) => ({
          method: 'POST',
          path: `/api/files/${f.fileId}/links`,
          body: { expires_in_seconds: 60 },
        }),
      },
      {
        route: 'POST /api/uploads',
        expect: ADMIN(201),
        request: (f) => ({
          method: 'POST',
          path: `/api/uploads?workspace_id=${f.workspaceId}&name=t.bin`,
          headers: { ...TUS, 'upload-length': '5' },
        }),
      },
      {
        route: 'HEAD /api/uploads/{id}',
        expect: ADMIN(200),
        request: (f) => ({ method: 'HEAD', path: `/api/uploads/${f.uploadId}`, headers: TUS }),
      },
      {
        route: 'PATCH /api/uploads/{id}',
        expect: ADMIN(204),
        request: (f) => ({
          method: 'PATCH',
          path: `/api/uploads/${f.uploadId}`,
          body: 'abc',
          type: 'application/offset+octet-stream',
          headers: { ...TUS, 'upload-offset': '0' },
        }),
      },
      {
        route: 'DELETE /api/uploads/{id}',
        expect: ADMIN(204),
        request: (f) => ({ method: 'DELETE', path: `/api/uploads/${f.uploadId}`, headers: TUS }),
      },
    ],
  },
);
