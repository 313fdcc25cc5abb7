import type { ThroughSandboxes } from '../../../composition/sandboxes.ts';
import { SANDBOX_LIMITS } from '../../../domain/sandboxes/sandbox-limits.ts';
import { uuid } from '../../platform/http/common-schemas.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { ok } from '../../platform/http/respond.ts';
import type { JsonSchema, RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';

const { timeoutMs, memoryMb, codeChars } = SANDBOX_LIMITS;

const runRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'language', 'code'],
  properties: {
    workspace_id: uuid,
    language: { type: 'string', enum: ['javascript'] },
    code: {
      type: 'string',
      minLength: 1,
      maxLength: codeChars,
      description: 'JavaScript that defines `function main(input)` (it may be `async`).',
    },
    input: { description: 'Any JSON value; `main` gets it (default null).' },
    timeout_ms: {
      type: 'integer',
      format: 'int32',
      minimum: timeoutMs.min,
      maximum: timeoutMs.max,
      description: `Default ${timeoutMs.default}.`,
    },
    memory_mb: {
      type: 'integer',
      format: 'int32',
      minimum: memoryMb.min,
      maximum: memoryMb.max,
      description: `Default ${memoryMb.default}.`,
    },
  },
};

const runResult: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['output', 'logs', 'error', 'duration_ms'],
  properties: {
    output: { description: "`main`'s return value as JSON; null after an error." },
    logs: {
      type: 'array',
      maxItems: 1000,
      items: { type: 'string', maxLength: 65536 },
      description: 'The `console.log` lines (at most 1,000 lines, 64 KiB).',
    },
    error: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['name', 'message'],
      properties: {
        name: {
          type: 'string',
          maxLength: 100,
          description: '`TimeoutError`, `MemoryLimitError`, or the name of what `main` threw.',
        },
        message: { type: 'string', maxLength: 4096 },
      },
    },
    duration_ms: { type: 'number', minimum: 0, maximum: 3600000 },
  },
};

export function sandboxRoutes(deps: ThroughSandboxes): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.post('/api/sandboxes/run', {
      operationId: 'runSandbox',
      summary: 'Run JavaScript in the sandbox (admins)',
      description:
        'Runs `main(input)` in a fresh QuickJS (WebAssembly) context on a pool of worker threads: no network, ' +
        'no file system, no access to the host, nothing outlives the call. A throw, the time limit or the memory ' +
        'limit answers 200 with `error` set and `output: null`. When every thread is busy and the queue is full ' +
        'the answer is 503 with `Retry-After`.',
      body: runRequest,
      errors: [403, 404, 503],
      responses: { 200: { description: 'How the call ended.', schema: runResult } },
      handler: async (ctx, { principal, body }) => {
        const result = await deps.runSandbox(principal, camelCased(body));
        ok(ctx, {
          output: result.output,
          logs: result.logs,
          error: result.error,
          duration_ms: result.durationMs,
        });
      },
    }),
  ];
}
