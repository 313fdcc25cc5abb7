// An example worker: claims the runs of a workspace with an API key and completes each with a small result.
// It handles WORKER_CONCURRENCY runs at once, and one claim asks for as many runs as it has free slots.
//
//   PLATFORM_URL=http://localhost:8080 PLATFORM_API_KEY=pk_... PLATFORM_WORKSPACE_ID=... node examples/worker.ts
//
// Stop it with Ctrl-C or SIGTERM: it finishes the runs it holds, claims no more, and exits.
import { runWorker } from '@platform/api-client';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (!value) throw new Error(`set ${name}`);
  return value;
};

const worker = runWorker({
  baseUrl: env('PLATFORM_URL', 'http://localhost:8080'),
  apiKey: env('PLATFORM_API_KEY'),
  workspaceId: env('PLATFORM_WORKSPACE_ID'),
  concurrency: Number(env('WORKER_CONCURRENCY', '4')),
  handler: async (run, { log }) => {
    // A webhook run's input is the delivery (its JSON body under `body`); a manual run's, what was posted.
    const input = (run.input ?? {}) as { body?: unknown };
    log('handling run', { trigger: run.trigger.type });
    return { handled_by: 'examples/worker.ts', trigger: run.trigger.type, received: input.body ?? input };
  },
});

await worker.stopped;
console.log(JSON.stringify({ level: 'info', message: 'worker stopped' }));
