import { MAP_KINDS } from './graph.ts';
import { type Check, isObject, type JsonRecord, pointer } from './graph-checks.ts';

const NODE_FIELDS = ['kind', 'config', 'input', 'retry', 'timeout_seconds', 'on_error'];
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const TASK_TYPE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const MAX_SOURCE = 64 * 1024;
const DAY = 86_400;

/**
 * The fields of one node (`withId`: a graph node; without: the inline node of a `map`), its kind among
 * `kinds`, and the config that kind accepts.
 */
export function checkNodeFields(
  check: Check,
  node: JsonRecord,
  at: string,
  { withId, kinds }: { withId: boolean; kinds: readonly string[] },
): void {
  check.onlyKeys(node, at, withId ? ['id', ...NODE_FIELDS] : NODE_FIELDS);
  if (!check.required(node, at, 'kind')) return;
  check.oneOf(node.kind, pointer(at, 'kind'), kinds);
  if (node.input !== undefined) check.expression(node.input, pointer(at, 'input'));
  if (node.retry !== undefined) checkRetry(check, node.retry, pointer(at, 'retry'));
  if (node.timeout_seconds !== undefined)
    check.integer(node.timeout_seconds, pointer(at, 'timeout_seconds'), 1, DAY);
  if (node.on_error !== undefined) check.oneOf(node.on_error, pointer(at, 'on_error'), ['fail', 'continue']);
  const configCheck = CONFIG_CHECKS[node.kind as string];
  if (!configCheck) return;
  const path = pointer(at, 'config');
  if (node.config === undefined) {
    if (configCheck.required) check.add(path, `is required for a ${String(node.kind)} node`);
    return;
  }
  if (!isObject(node.config)) {
    check.add(path, 'must be an object');
    return;
  }
  check.onlyKeys(node.config, path, configCheck.fields);
  configCheck.check(check, node.config, path);
}

function checkRetry(check: Check, retry: unknown, path: string): void {
  if (!isObject(retry)) {
    check.add(path, 'must be an object');
    return;
  }
  check.onlyKeys(retry, path, ['max_attempts', 'backoff_seconds']);
  if (check.required(retry, path, 'max_attempts'))
    check.integer(retry.max_attempts, pointer(path, 'max_attempts'), 1, 10);
  if (retry.backoff_seconds !== undefined)
    check.number(retry.backoff_seconds, pointer(path, 'backoff_seconds'), 0, 3600);
}

interface ConfigCheck {
  /** Whether a node of the kind needs a config at all. */
  readonly required: boolean;
  readonly fields: readonly string[];
  readonly check: (check: Check, config: JsonRecord, path: string) => void;
}

const CONFIG_CHECKS: Record<string, ConfigCheck> = {
  task: {
    required: true,
    fields: ['task_type'],
    check: (check, config, path) => {
      if (check.required(config, path, 'task_type'))
        check.text(config.task_type, pointer(path, 'task_type'), 100, TASK_TYPE);
    },
  },
  http: {
    required: true,
    fields: ['method', 'url', 'url_expression', 'headers'],
    check: (check, config, path) => {
      if (check.required(config, path, 'method'))
        check.oneOf(config.method, pointer(path, 'method'), HTTP_METHODS);
      if ((config.url === undefined) === (config.url_expression === undefined)) {
        check.add(path, 'must hold exactly one of url and url_expression');
      }
      if (config.url !== undefined) checkUrl(check, config.url, pointer(path, 'url'));
      if (config.url_expression !== undefined) {
        check.expression(config.url_expression, pointer(path, 'url_expression'));
      }
      if (config.headers !== undefined) checkHeaders(check, config.headers, pointer(path, 'headers'));
    },
  },
  code: {
    required: true,
    fields: ['source'],
    check: (check, config, path) => {
      if (!check.required(config, path, 'source')) return;
      check.text(config.source, pointer(path, 'source'), MAX_SOURCE);
      if (typeof config.source === 'string' && !/\bmain\b/.test(config.source)) {
        check.add(pointer(path, 'source'), 'must define function main(input)');
      }
    },
  },
  condition: { required: false, fields: [], check: () => {} },
  map: {
    required: true,
    fields: ['node', 'concurrency'],
    check: (check, config, path) => {
      if (config.concurrency !== undefined)
        check.integer(config.concurrency, pointer(path, 'concurrency'), 1, 32);
      if (!check.required(config, path, 'node')) return;
      if (!isObject(config.node)) check.add(pointer(path, 'node'), 'must be an object');
      else checkNodeFields(check, config.node, pointer(path, 'node'), { withId: false, kinds: MAP_KINDS });
    },
  },
  wait: {
    required: true,
    fields: ['seconds', 'until'],
    check: (check, config, path) => {
      if ((config.seconds === undefined) === (config.until === undefined)) {
        check.add(path, 'must hold exactly one of seconds and until');
      }
      if (config.seconds !== undefined) check.number(config.seconds, pointer(path, 'seconds'), 0, 30 * DAY);
      if (config.until !== undefined) check.expression(config.until, pointer(path, 'until'));
    },
  },
  approval: {
    required: false,
    fields: ['title', 'timeout_seconds'],
    check: (check, config, path) => {
      if (config.title !== undefined) check.text(config.title, pointer(path, 'title'), 200);
      if (config.timeout_seconds !== undefined) {
        check.integer(config.timeout_seconds, pointer(path, 'timeout_seconds'), 1, 30 * DAY);
      }
    },
  },
  agent: {
    required: true,
    fields: ['agent_id'],
    check: (check, config, path) => {
      if (check.required(config, path, 'agent_id'))
        check.text(config.agent_id, pointer(path, 'agent_id'), 36, UUID);
    },
  },
  blueprint: {
    required: true,
    fields: ['blueprint_id', 'version'],
    check: (check, config, path) => {
      if (check.required(config, path, 'blueprint_id'))
        check.text(config.blueprint_id, pointer(path, 'blueprint_id'), 36, UUID);
      if (config.version !== undefined)
        check.integer(config.version, pointer(path, 'version'), 1, 2 ** 31 - 1);
    },
  },
};

function checkUrl(check: Check, url: unknown, path: string): void {
  const problem = urlProblem(url);
  if (problem) check.add(path, problem);
}

/** What is wrong with `url` as the address of an `http` node (given, or computed by `url_expression`). */
export function urlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 2048 || !URL.canParse(url)) {
    return 'must be an absolute URL of at most 2048 characters';
  }
  const { protocol, username, password } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return 'must be an http or https URL';
  if (username || password) return 'must not carry credentials';
  return undefined;
}

function checkHeaders(check: Check, headers: unknown, path: string): void {
  if (!isObject(headers)) {
    check.add(path, 'must be an object of header names to strings');
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) check.add(pointer(path, name), 'is not a header name');
    else if (typeof value !== 'string' || value.length > 8192 || /[\r\n\0]/.test(value)) {
      check.add(pointer(path, name), 'must be a header value of at most 8192 characters');
    }
  }
}
