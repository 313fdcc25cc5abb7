// Item 5 of issue 10, hostile input: fast-check properties over every public route of the OpenAPI document and
// the webhook ingest. Requests are written by hand on a socket (odd methods, duplicate, overlong and non-ASCII
// headers, any media type and Content-Encoding, random bytes, random and deep JSON, control characters and lone
// surrogates in otherwise valid bodies, forged cursors). The properties: never a 5xx, every error answer is
// problem+json, and whatever was accepted can be read back without a 5xx. Shared by the bounded mocha test and
// the long run of `make resilience`.
import fc from 'fast-check';
import type { Json } from './api.ts';
import { ingestCase, routeCase } from './hostile-requests.ts';
import type { Case, HostileTarget } from './hostile-target.ts';
import { exchange, type NoAnswer, type RawAnswer, type RawRequest } from './raw-http.ts';

export interface HostileReport {
  readonly requests: number;
  readonly statuses: ReadonlyMap<number | string, number>;
  /** Cases that broke a property. */
  readonly failedCases: number;
  /** One example per kind of failure (route, method, what went wrong), with the seed and the request. */
  readonly failures: readonly string[];
}

/**
 * Runs both properties (`runs` cases each) against the target. By default the first failing case stops a
 * property and is shrunk to a small counterexample; with `collect`, every case runs and one example of each kind
 * of failure is kept (the long run, which should show everything that is wrong at once).
 */
export async function checkHostileInput(
  target: HostileTarget,
  { runs, seed, collect = false }: { runs: number; seed: number; collect?: boolean },
): Promise<HostileReport> {
  const statuses = new Map<number | string, number>();
  const failures = new Map<string, string>();
  let failedCases = 0;
  let requests = 0;
  const send = async (request: RawRequest): Promise<RawAnswer | NoAnswer> => {
    const answer = await exchange(target.port, request);
    requests++;
    const key = 'error' in answer ? answer.error : answer.status;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    return answer;
  };
  /** The kind and the description of what went wrong, or undefined. */
  const attempt = async ({ aim, request }: Case): Promise<[string, string] | undefined> => {
    const answer = await send(request);
    const wrong = verdict(request, answer);
    if (wrong) return [`${request.method} ${aim}: ${wrong.kind}`, wrong.text];
    if ('error' in answer || answer.status >= 300 || request.method === 'GET') return undefined;
    // Accepted: whatever it stored must read back without a 5xx (a stored body that breaks every later read).
    for (const read of readBacks(target, answer)) {
      const broken = verdict(read, await send(read));
      if (broken) {
        return [
          `${request.method} ${aim}, read back: ${broken.kind}`,
          `accepted with ${answer.status}, then ${broken.text}`,
        ];
      }
    }
    return undefined;
  };
  const properties = [routeCase(target), ingestCase(target)];
  for (const arbitrary of properties) {
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (item) => {
        const wrong = await attempt(item);
        if (!wrong) return;
        failedCases++;
        if (collect) {
          if (!failures.has(wrong[0]))
            failures.set(wrong[0], `${wrong[1]}\n       request ${describe(item)}`);
          return;
        }
        throw new Error(`${wrong[0]}: ${wrong[1]}`);
      }),
      { numRuns: runs, seed, interruptAfterTimeLimit: 300_000 },
    );
    if (details.failed) {
      const error = (details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance);
      failures.set(
        error,
        `seed ${details.seed}, path "${details.counterexamplePath}" (after ${details.numRuns} runs, ` +
          `${details.numShrinks} shrinks)\n       request ${describe(details.counterexample?.[0] as Case)}`,
      );
      break;
    }
  }
  return {
    requests,
    statuses,
    failedCases,
    failures: [...failures].map(([kind, example]) => `${kind}\n       ${example}`),
  };
}

function describe(item: Case | undefined): string {
  return JSON.stringify(item?.request, shorten);
}

/** What is wrong with an answer, or undefined: no answer, a 5xx, or an error that is not problem+json. */
function verdict(
  request: RawRequest,
  answer: RawAnswer | NoAnswer,
): { kind: string; text: string } | undefined {
  const what = `${request.method} ${request.target.slice(0, 120)}`;
  if ('error' in answer) return { kind: `no answer (${answer.error})`, text: what };
  const text = `${what}: ${answer.status} ${answer.body.toString('utf8').slice(0, 240)}`;
  if (answer.status >= 500) return { kind: String(answer.status), text };
  if (answer.status < 400 || request.method === 'HEAD') return undefined;
  if (!answer.headers['content-type']?.startsWith('application/problem+json')) {
    return { kind: `${answer.status} as ${answer.headers['content-type'] ?? 'no content type'}`, text };
  }
  try {
    const problem = JSON.parse(answer.body.toString('utf8'));
    if (problem.status === answer.status && typeof problem.code === 'string') return undefined;
  } catch {}
  return { kind: `${answer.status} with a malformed problem`, text };
}

/** Reads of what an accepted request may have stored: by each id in the answer, and the workspace's lists. */
function readBacks(target: HostileTarget, answer: RawAnswer): RawRequest[] {
  let body: Json;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return [];
  }
  const ids = [body?.id, body?.run_id, body?.delivery_id].filter((id) => typeof id === 'string');
  const single = target.routes.filter(
    (r) => r.method === 'GET' && /^\/api\/[a-z-]+\/\{[a-z_]+\}(\/[a-z]+)?$/.test(r.path),
  );
  const targets = [
    ...ids.flatMap((id) => single.map((r) => r.path.replace(/\{[a-z_]+\}/, id))),
    `/api/runs?workspace_id=${target.workspaceId}&limit=200`,
    `/api/missions?workspace_id=${target.workspaceId}&limit=200`,
    `/api/triggers?workspace_id=${target.workspaceId}&limit=200`,
  ];
  return targets.map((path) => ({
    method: 'GET',
    target: path,
    headers: [['authorization', `Bearer ${target.token}`]],
  }));
}

/** JSON.stringify replacer keeping reports readable: long strings and byte arrays cut. */
function shorten(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.length > 120) return `${value.slice(0, 60)}…(${value.length} chars)`;
  if (
    value &&
    typeof value === 'object' &&
    'type' in value &&
    (value as { type: string }).type === 'Buffer'
  ) {
    const bytes = Buffer.from((value as unknown as { data: number[] }).data);
    return bytes.length > 200
      ? `${bytes.subarray(0, 120).toString('latin1')}…(${bytes.length} bytes)`
      : bytes.toString('latin1');
  }
  return value;
}
