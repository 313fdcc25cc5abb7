import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Every answer the HTTP tests receive from a test app is checked against the OpenAPI document that app
 * serves, as a validating proxy (Prism) in front of the server would: the status must be one the operation
 * declares, the content type one it declares for that status, and a JSON body must match its schema. A
 * mismatch fails the request (fetch rejects), so no test can pass on an answer the contract refuses.
 */

interface Operation {
  readonly pattern: RegExp;
  readonly method: string;
  readonly path: string;
  readonly responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Contract {
  readonly operations: Operation[];
  readonly ajv: Ajv2020;
  readonly validators: Map<string, ValidateFunction>;
}

const contracts = new Map<string, Promise<Contract>>();
const originalFetch = globalThis.fetch;
let checked = 0;

/** How many answers were checked so far (a test asserts the checks run). */
export function checkedResponses(): number {
  return checked;
}

/** Registers a test app's origin: its answers are checked from now on. */
export function checkResponsesOf(baseUrl: string): void {
  // Always the document of the app listening now: a closed app's port may be given to the next one.
  contracts.set(baseUrl, loadContract(baseUrl));
}

/** Forgets a closed test app's origin: its port may be given to a server of another shape (or none checked). */
export function stopCheckingResponsesOf(baseUrl: string): void {
  contracts.delete(baseUrl);
}

/**
 * Contracts by document, `servers` aside (each app serves its own origin there; nothing is validated against
 * it): the apps of a run mostly serve one document, and compiling its validators again for each app (a fresh
 * Ajv, tens of response schemas) cost a few hundred milliseconds of CPU per app.
 */
const contractsByDocument = new Map<string, Contract>();

async function loadContract(baseUrl: string): Promise<Contract> {
  const response = await originalFetch(`${baseUrl}/api/v2/openapi.json`);
  const document = (await response.json()) as {
    servers?: unknown;
    paths: Record<string, Record<string, Operation['responses'] | unknown>>;
  };
  const { servers: _, ...served } = document;
  const key = createHash('sha256').update(JSON.stringify(served)).digest('hex');
  let contract = contractsByDocument.get(key);
  if (!contract) {
    contract = compileContract(document);
    contractsByDocument.set(key, contract);
  }
  return contract;
}

function compileContract(document: {
  paths: Record<string, Record<string, Operation['responses'] | unknown>>;
}): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addFormat('event-stream', true);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, 'openapi');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(
      `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    );
    for (const [method, operation] of Object.entries(item)) {
      const responses = (operation as { responses?: Operation['responses'] }).responses;
      if (responses) operations.push({ pattern, method: method.toUpperCase(), path, responses });
    }
  }
  return { operations, ajv, validators: new Map() };
}

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

async function check(baseUrl: string, method: string, url: URL, response: Response): Promise<void> {
  const contract = await contracts.get(baseUrl);
  if (!contract || !url.pathname.startsWith('/api/') || url.pathname === '/api/v2/openapi.json') return;
  // HEAD is its own operation when declared (tus), else the GET it mirrors.
  const find = (verb: string) =>
    contract.operations.find((op) => op.method === verb && op.pattern.test(url.pathname));
  const operation = find(method) ?? (method === 'HEAD' ? find('GET') : undefined);
  const where = `${method} ${url.pathname} answered ${response.status}`;
  if (!operation) {
    // Not a published operation: only the router's own refusals may answer it.
    if (![401, 404, 405].includes(response.status))
      throw new Error(`${where}: no such operation in the contract`);
    return;
  }
  checked++;
  // Node's HTTP parser answers headers over 16 KiB itself, before any route (problem+json all the same).
  if (response.status === 431) return;
  const declared = operation.responses[String(response.status)] ?? operation.responses.default;
  if (!declared) throw new Error(`${where}: status not declared by ${operation.method} ${operation.path}`);
  if (method === 'HEAD' || response.status === 204 || response.status === 304) return;
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = declared.content ?? {};
  const media = Object.keys(content).find((type) => type === contentType || type === '*/*');
  if (!media) {
    const text = await response.clone().text();
    if (text === '' && Object.keys(content).length === 0) return;
    throw new Error(
      `${where} with ${contentType || 'no content type'}: the contract declares ${Object.keys(content).join(', ') || 'no body'}`,
    );
  }
  if (!/json/.test(media)) return;
  const key = `${operation.path} ${operation.method} ${response.status} ${media}`;
  let validate = contract.validators.get(key);
  if (!validate) {
    const ref = `openapi#/paths/${pointer(operation.path)}/${operation.method.toLowerCase()}/responses/${declared === operation.responses.default ? 'default' : response.status}/content/${pointer(media)}/schema`;
    validate = contract.ajv.getSchema(ref);
    if (!validate) throw new Error(`${where}: no schema at ${ref}`);
    contract.validators.set(key, validate);
  }
  const text = await response.clone().text();
  const body: unknown = JSON.parse(text);
  if (!validate(body)) {
    throw new Error(
      `${where}: the body does not match the contract: ${contract.ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`,
    );
  }
}

/** Installs the check in front of `fetch` (once, from the root hooks). */
export function installResponseChecks(): void {
  globalThis.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const baseUrl = url.origin;
    if (contracts.has(baseUrl)) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      await check(baseUrl, method, url, response);
    }
    return response;
  };
}
