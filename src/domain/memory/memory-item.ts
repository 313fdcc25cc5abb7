import { InvalidInput, NotFound } from '../kernel/errors.ts';
import { type JsonObject, parseJsonObject } from '../kernel/json-document.ts';

/** A namespace label (CONTRACT section 12). */
export const NAMESPACE_LABEL = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_NAMESPACE_LABELS = 10;
export const MAX_KEY_LENGTH = 256;
export const MAX_VALUE_BYTES = 64 * 1024;
/** The longest time to live: ten years. */
export const MAX_TTL_SECONDS = 10 * 365 * 24 * 3600;

/** One item of a workspace's memory, the shape of LangGraph's store: a JSON object under a namespace and key. */
export interface MemoryItem {
  readonly workspaceId: string;
  readonly namespace: readonly string[];
  readonly key: string;
  readonly value: JsonObject;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Past this time the item is gone (reads never see it; the sweeper deletes it). */
  readonly expiresAt: Date | null;
}

export class MemoryItemNotFound extends NotFound {
  constructor() {
    super('memory item');
  }
}

/** 1 to 10 labels of `^[A-Za-z0-9_-]{1,64}$`; else InvalidInput naming `what`. */
export function parseNamespace(labels: readonly string[], what = 'namespace'): string[] {
  if (labels.length < 1 || labels.length > MAX_NAMESPACE_LABELS) {
    throw new InvalidInput(`${what} must have 1 to ${MAX_NAMESPACE_LABELS} labels`);
  }
  for (const label of labels) {
    if (!NAMESPACE_LABEL.test(label))
      throw new InvalidInput(`${what} labels must match ${NAMESPACE_LABEL.source}`);
  }
  return [...labels];
}

/** A namespace written with dots (`a.b`), as in a query string. */
export function parseDottedNamespace(text: string, what = 'namespace'): string[] {
  return parseNamespace(text.split('.'), what);
}

export function parseKey(key: string): string {
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidInput(`key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

export function parseValue(value: unknown): JsonObject {
  return parseJsonObject(value, 'value', MAX_VALUE_BYTES);
}

/** When an item written at `now` with `ttlSeconds` expires (none without). */
export function expiryOf(now: Date, ttlSeconds: number | undefined): Date | null {
  if (ttlSeconds === undefined) return null;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
    throw new InvalidInput(`ttl_seconds must be a whole number from 1 to ${MAX_TTL_SECONDS}`);
  }
  return new Date(now.getTime() + ttlSeconds * 1000);
}

/** Whether the item still lives at `now`. */
export function isLive(item: Pick<MemoryItem, 'expiresAt'>, now: Date): boolean {
  return item.expiresAt === null || item.expiresAt.getTime() > now.getTime();
}

/** Whether `namespace` starts with `prefix`, label by label. */
export function underPrefix(namespace: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= namespace.length && prefix.every((label, i) => namespace[i] === label);
}
