// A worker process for the worker SDK's tests, driven by its environment: each handler prints
// {"claimed": run id}, works HANDLER_MS milliseconds ('forever': until killed), then prints {"finished": id}.
import { runWorker } from '../../clients/typescript/src/index.ts';

const {
  BASE_URL,
  API_KEY,
  WORKSPACE_ID,
  CONCURRENCY = '1',
  LEASE_SECONDS = '60',
  HANDLER_MS = '0',
} = process.env;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const silent = { info: () => {}, warn: () => {}, error: (message: string) => say({ error: message }) };

const worker = runWorker({
  baseUrl: BASE_URL as string,
  apiKey: API_KEY as string,
  workspaceId: WORKSPACE_ID as string,
  concurrency: Number(CONCURRENCY),
  leaseSeconds: Number(LEASE_SECONDS),
  idleBackoff: { initialMs: 50, maxMs: 200 },
  logger: silent,
  handler: async (run) => {
    say({ claimed: run.id });
    await new Promise((resolve) => {
      if (HANDLER_MS !== 'forever') setTimeout(resolve, Number(HANDLER_MS));
    });
    say({ finished: run.id });
    return { by: 'worker-process' };
  },
});
await worker.stopped;
say({ stopped: true });
