// The server's memory while files stream through it: for each FILE_STORAGE, the real server (node src/main.ts)
// on a scratch database takes an upload of FILE_MB MiB (default 200) made up on the fly by this script, then
// serves it back; this script samples the server's resident set (VmRSS) every 20 ms meanwhile and prints the
// growth over the idle figure, and the throughput of each direction on loopback. It fails when the growth
// passes LIMIT_MB (default 64). It prints the peaks of the V8 heap in use and of `external` (Buffers) too, from
// the server's /metrics: the RSS is noisy on a shared machine, those are the server's own. Run: node scripts/measure-file-memory.ts [postgres filesystem s3 memory]
// (s3: against the S3-compatible server the tests use, s3rver, started by this script on loopback). A file over
// PATCH_MB MiB (default 128) goes up as a tus upload, PATCH_MB at a time: the server ends any request after 30 s.
// (SERVER_NODE_OPTIONS: node flags of the server).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestS3, type TestS3 } from '../test/support/test-s3.ts';
import {
  callApi,
  freePort,
  heapFigures,
  heapSampler,
  rssBytes,
  rssSampler,
  signedMib,
  startBenchServer,
} from './bench/server.ts';

const MIB = 1024 * 1024;
const fileBytes = Number(process.env.FILE_MB ?? 200) * MIB;
const limitMb = Number(process.env.LIMIT_MB ?? 64);
const patchBytes = Number(process.env.PATCH_MB ?? 128) * MIB;
const storages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['postgres', 'filesystem'];

/** Deterministic pseudo-random bytes, 1 MiB at a time: the script holds no more than one piece. */
function* pieces(total: number): Generator<Uint8Array> {
  const piece = Buffer.alloc(MIB);
  for (let sent = 0, n = 0; sent < total; sent += MIB, n++) {
    for (let i = 0; i < MIB; i += 4) piece.writeUInt32LE((n * 2654435761 + i * 40503) >>> 0, i);
    yield piece.subarray(0, Math.min(MIB, total - sent));
  }
}

let failed = false;
for (const storage of storages) {
  const dataDir = await mkdtemp(join(tmpdir(), 'file-memory-'));
  const s3: TestS3 | undefined = storage === 's3' ? await startTestS3() : undefined;
  const metricsPort = await freePort();
  const metrics = `http://127.0.0.1:${metricsPort}`;
  const server = await startBenchServer(
    {
      METRICS_PORT: String(metricsPort),
      FILE_STORAGE: storage,
      DATA_DIR: dataDir,
      FILE_MAX_BYTES: String(fileBytes * 2),
      LOG_LEVEL: 'warn',
      WORKSPACE_STORAGE_QUOTA_BYTES: String(fileBytes * 4),
      ...(s3 && {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
      // For example --max-semi-space-size=2, to see how much of the growth is the young generation filling up.
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    },
    {
      logFile: process.env.SERVER_LOG,
      nodeFlags: process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean),
    },
  );
  try {
    const token = await server.login();
    const me = await callApi(server.base, token, 'GET', '/api/auth/me');
    const workspaceId = (me.body.workspaces as { id: string }[])[0]?.id as string;
    // A warm-up upload and download, so the idle figure includes what the first request loads.
    await fetch(`${server.base}/api/files?workspace_id=${workspaceId}&name=warm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: 'warm',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await rssBytes(server.pid);
    const idleHeap = await heapFigures(metrics);

    const up = rssSampler(server.pid);
    const upHeap = heapSampler(metrics);
    const hash = createHash('sha256');
    const source = pieces(fileBytes);
    /** The next `bytes` of the file as a request body (hashed as they are sent). */
    const bodyOf = (bytes: number) => {
      let left = bytes;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = left > 0 ? source.next() : { done: true as const, value: undefined };
          if (next.done) controller.close();
          else {
            hash.update(next.value);
            left -= next.value.length;
            controller.enqueue(new Uint8Array(next.value));
          }
        },
      });
    };
    const auth = { authorization: `Bearer ${token}` };
    let started = performance.now();
    let fileId: string;
    if (fileBytes <= patchBytes) {
      const uploaded = await fetch(`${server.base}/api/files?workspace_id=${workspaceId}&name=big.bin`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: bodyOf(fileBytes),
        duplex: 'half',
      } as RequestInit);
      if (uploaded.status !== 201)
        throw new Error(`upload answered ${uploaded.status} ${await uploaded.text()}`);
      fileId = ((await uploaded.json()) as { id: string }).id;
    } else {
      // Larger files go up as a tus upload, PATCH_MB at a time: one request must end within the server's 30 s.
      const tus = { ...auth, 'tus-resumable': '1.0.0' };
      const created = await fetch(`${server.base}/api/uploads?workspace_id=${workspaceId}&name=big.bin`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(fileBytes) },
      });
      if (created.status !== 201) throw new Error(`tus creation answered ${created.status}`);
      const location = created.headers.get('location') as string;
      let done: string | null = null;
      for (let offset = 0; offset < fileBytes; offset += patchBytes) {
        const patched = await fetch(`${server.base}${location}`, {
          method: 'PATCH',
          headers: {
            ...tus,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          body: bodyOf(Math.min(patchBytes, fileBytes - offset)),
          duplex: 'half',
        } as RequestInit);
        if (patched.status !== 204)
          throw new Error(`tus PATCH answered ${patched.status} ${await patched.text()}`);
        done = patched.headers.get('upload-file-id');
      }
      if (!done) throw new Error('the tus upload did not end in a file');
      fileId = done;
    }
    const file = (await callApi(server.base, token, 'GET', `/api/files/${fileId}`)).body as {
      id: string;
      sha256: string;
      size: number;
    };
    const upSeconds = (performance.now() - started) / 1000;
    const upPeak = up.stop();
    const upHeapPeak = upHeap.stop();
    if (file.sha256 !== hash.digest('hex'))
      throw new Error(`the stored file differs: ${JSON.stringify(file)}`);

    const down = rssSampler(server.pid);
    const downHeap = heapSampler(metrics);
    started = performance.now();
    const response = await fetch(`${server.base}/api/files/${file.id}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const check = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      check.update(chunk);
      received += chunk.length;
    }
    const downSeconds = (performance.now() - started) / 1000;
    const downPeak = down.stop();
    const downHeapPeak = downHeap.stop();
    if (received !== fileBytes || check.digest('hex') !== file.sha256) throw new Error('download differs');

    const growth = (peak: number) => (peak - idle) / MIB;
    const line = (what: string, peak: number, seconds: number) =>
      `${what} ${(fileBytes / MIB / seconds).toFixed(0)} MiB/s, peak RSS ${(peak / MIB).toFixed(0)} MiB (${signedMib(growth(peak))} MiB over idle ${(idle / MIB).toFixed(0)} MiB)`;
    console.log(`FILE_STORAGE=${storage}, ${fileBytes / MIB} MiB:`);
    console.log(`  upload   ${line('', upPeak, upSeconds)}`);
    console.log(`  download ${line('', downPeak, downSeconds)}`);
    const heapLine = (peak: { heapUsed: number; external: number }) =>
      `heap used ${signedMib((peak.heapUsed - idleHeap.heapUsed) / MIB)} MiB, external ` +
      `${signedMib((peak.external - idleHeap.external) / MIB)} MiB over idle (${(idleHeap.heapUsed / MIB).toFixed(0)} / ` +
      `${(idleHeap.external / MIB).toFixed(0)} MiB)`;
    console.log(`  upload   peaks: ${heapLine(upHeapPeak)}`);
    console.log(`  download peaks: ${heapLine(downHeapPeak)}`);
    if (growth(upPeak) > limitMb || growth(downPeak) > limitMb) {
      console.log(`  FAIL: RSS grew past ${limitMb} MiB`);
      failed = true;
    }
  } finally {
    await server.stop();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
