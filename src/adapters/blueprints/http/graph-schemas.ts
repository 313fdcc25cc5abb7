import { MAX_NODES } from '../../../domain/blueprints/graph.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

/**
 * The graph. Its schema here only says it is an object: the server checks it whole (graph-problems.ts) so
 * that every problem is reported at once, at its path, rather than the schema's problems first.
 */
export const graph: JsonSchema = {
  type: 'object',
  maxProperties: 3,
  description:
    `\`{nodes, edges, output?}\`, at most ${MAX_NODES} nodes and 256 KiB. Each node \`{id, kind, config?, input?, ` +
    'retry?: {max_attempts, backoff_seconds?}, timeout_seconds?, on_error?: "fail"|"continue"}`, ids matching ' +
    '`^[a-z][a-z0-9_]{0,63}$`, kinds `task` (`config.task_type`), `http` (`config.method`, `config.url` or ' +
    '`config.url_expression`: an expression giving the URL, `config.headers?`), `code` (`config.source` defining ' +
    '`main(input)`), `condition`, `map` (`config.node`: an ' +
    'inline `task`, `http` or `code` node without id; `config.concurrency?`), `wait` (`config.seconds` or ' +
    '`config.until`), `approval` (`config.title?`, `config.timeout_seconds?`), `agent` (`config.agent_id`; ' +
    'input `{message}`, output the final answer `{message}`), `blueprint` ' +
    '(`config.blueprint_id`, `config.version?`). Each edge `{from, to, when?}`; `input`, `when`, `until` and ' +
    '`output` are JSONata expressions over `{input, steps: {<node id>: {output}}}`. The edges must not form a ' +
    'cycle and at least one node must have no incoming edge.',
};

export const validateGraphRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['graph'],
  properties: { graph },
};

export const validGraph: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['valid'],
  properties: { valid: { type: 'boolean', const: true } },
};
