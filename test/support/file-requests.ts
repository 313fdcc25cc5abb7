import type { Caller } from './api.ts';
import type { Json } from './json.ts';
import type { TestApp } from './test-app.ts';

/** A raw upload of `bytes` as `caller`; `chunked` streams them with no Content-Length. */
export async function uploadRaw(
  app: TestApp,
  caller: Caller,
  workspaceId: string,
  name: string,
  bytes: Uint8Array,
  options: { readonly type?: string; readonly chunked?: boolean } = {},
) {
  const body = options.chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024)
            controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          controller.close();
        },
      })
    : bytes;
  const query = new URLSearchParams({ workspace_id: workspaceId, name });
  const response = await app.request(`/api/files?${query}`, {
    method: 'POST',
    headers: { ...caller.auth, 'content-type': options.type ?? 'application/octet-stream' },
    body,
    ...(options.chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

/** A multipart upload: the `parts` as FormData entries. */
export async function uploadMultipart(app: TestApp, caller: Caller, workspaceId: string, form: FormData) {
  const response = await app.request(`/api/files?workspace_id=${workspaceId}`, {
    method: 'POST',
    headers: caller.auth,
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

/** A download as `caller` (none: a signed link), with extra request headers; the bytes and headers. */
export async function download(
  app: TestApp,
  caller: Caller | undefined,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await app.request(path, { headers: { ...(caller?.auth ?? {}), ...headers } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
