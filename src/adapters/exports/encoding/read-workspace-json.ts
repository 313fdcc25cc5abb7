import type { WorkspaceDocument } from '../../../application/exports/workspace-document.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { TextSearchLanguage } from '../../../domain/knowledge/index.ts';
import { PROVIDER_KINDS, type ProviderKind } from '../../../domain/models/index.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/index.ts';
import { WORKSPACE_EXPORT_FORMAT, WORKSPACE_EXPORT_VERSION } from './workspace-json.ts';

type Fields = Record<string, unknown>;

/**
 * A workspace export's JSON read back: its shape checked here (each value is checked again by the use case
 * that creates its object), InvalidInput naming the first field that is wrong.
 */
export function readWorkspaceJson(source: string): WorkspaceDocument {
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    throw notAnExport('it is not JSON');
  }
  const root = object(document, 'the document');
  if (root.format !== WORKSPACE_EXPORT_FORMAT || root.version !== WORKSPACE_EXPORT_VERSION)
    throw notAnExport(`its format is not ${WORKSPACE_EXPORT_FORMAT} version ${WORKSPACE_EXPORT_VERSION}`);
  return {
    missions: array(root, 'missions').map((m, i) => {
      const at = `missions[${i}]`;
      const policy = object(m.policy, `${at}.policy`);
      const blueprint =
        m.blueprint === null || m.blueprint === undefined ? null : object(m.blueprint, `${at}.blueprint`);
      return {
        id: string(m, 'id', at),
        name: string(m, 'name', at),
        description: nullable(m, 'description', at),
        definition: m.definition ?? null,
        policy: {
          timeoutSeconds: policy.timeout_seconds as number | null,
          maxAttempts: policy.max_attempts as number | null,
          retryBackoffSeconds: policy.retry_backoff_seconds as number | null,
          concurrencyLimit: policy.concurrency_limit as number | null,
          concurrencyKey: policy.concurrency_key as string | null,
        },
        blueprint: blueprint && {
          id: string(blueprint, 'id', `${at}.blueprint`),
          version: (blueprint.version ?? null) as number | null,
        },
      };
    }),
    blueprints: array(root, 'blueprints').map((b, i) => {
      const at = `blueprints[${i}]`;
      return {
        id: string(b, 'id', at),
        name: string(b, 'name', at),
        description: nullable(b, 'description', at),
        versions: array(b, 'versions', at).map((v, j) => ({
          graph: v.graph,
          note: nullable(v, 'note', `${at}.versions[${j}]`),
        })),
      };
    }),
    triggers: array(root, 'triggers').map((t, i) => {
      const at = `triggers[${i}]`;
      return {
        missionId: string(t, 'mission_id', at),
        name: string(t, 'name', at),
        enabled: boolean(t, 'enabled', at),
        signatureScheme: string(t, 'signature_scheme', at) as TriggerSignatureScheme,
        maxBodyBytes: t.max_body_bytes as number,
        requireTimestamp: boolean(t, 'require_timestamp', at),
        requireIdempotencyKey: boolean(t, 'require_idempotency_key', at),
      };
    }),
    schedules: array(root, 'schedules').map((s, i) => {
      const at = `schedules[${i}]`;
      return {
        missionId: string(s, 'mission_id', at),
        name: string(s, 'name', at),
        cron: string(s, 'cron', at),
        timezone: string(s, 'timezone', at),
        input: s.input ?? null,
        enabled: boolean(s, 'enabled', at),
      };
    }),
    // Exports made before agents were exported hold neither list.
    modelProviders: optionalArray(root, 'model_providers').map((p, i) => {
      const at = `model_providers[${i}]`;
      const kind = string(p, 'kind', at);
      if (!(PROVIDER_KINDS as readonly string[]).includes(kind)) throw notAnExport(`${at}.kind is unknown`);
      return {
        id: string(p, 'id', at),
        name: string(p, 'name', at),
        kind: kind as ProviderKind,
        baseUrl: nullable(p, 'base_url', at),
      };
    }),
    agents: optionalArray(root, 'agents').map((a, i) => {
      const at = `agents[${i}]`;
      return {
        name: string(a, 'name', at),
        description: nullable(a, 'description', at) ?? '',
        versions: array(a, 'versions', at).map((v, j) => {
          const where = `${at}.versions[${j}]`;
          return {
            provider_id: string(v, 'provider_id', where),
            model: string(v, 'model', where),
            instructions: string(v, 'instructions', where),
            tools: array(v, 'tools', where),
            settings: object(v.settings, `${where}.settings`),
          };
        }),
      };
    }),
    // Exports made before datasets and knowledge bases were exported hold neither list.
    datasets: optionalArray(root, 'datasets').map((d, i) => {
      const at = `datasets[${i}]`;
      return {
        name: string(d, 'name', at),
        description: nullable(d, 'description', at) ?? '',
        items: array(d, 'items', at).map((item) => ({
          input: item.input,
          expected: item.expected ?? null,
          metadata: item.metadata ?? null,
        })),
      };
    }),
    knowledgeBases: optionalArray(root, 'knowledge_bases').map((k, i) => {
      const at = `knowledge_bases[${i}]`;
      const embedding =
        k.embedding === null || k.embedding === undefined ? null : object(k.embedding, `${at}.embedding`);
      return {
        name: string(k, 'name', at),
        language: string(k, 'language', at) as TextSearchLanguage,
        embedding: embedding && {
          providerId: string(embedding, 'provider_id', `${at}.embedding`),
          model: string(embedding, 'model', `${at}.embedding`),
        },
      };
    }),
  };
}

function optionalArray(parent: Fields, name: string): Fields[] {
  return parent[name] === undefined ? [] : array(parent, name);
}

const notAnExport = (why: string) => new InvalidInput(`the file is not a workspace export: ${why}`);

function object(value: unknown, at: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw notAnExport(`${at} is not an object`);
  return value as Fields;
}

function array(parent: Fields, name: string, at?: string): Fields[] {
  const where = at ? `${at}.${name}` : name;
  const value = parent[name];
  if (!Array.isArray(value)) throw notAnExport(`${where} is not a list`);
  return value.map((item, i) => object(item, `${where}[${i}]`));
}

function string(parent: Fields, name: string, at: string): string {
  if (typeof parent[name] !== 'string') throw notAnExport(`${at}.${name} is not a string`);
  return parent[name] as string;
}

function nullable(parent: Fields, name: string, at: string): string | null {
  return parent[name] === null || parent[name] === undefined ? null : string(parent, name, at);
}

function boolean(parent: Fields, name: string, at: string): boolean {
  if (typeof parent[name] !== 'boolean') throw notAnExport(`${at}.${name} is not true or false`);
  return parent[name] as boolean;
}
