import { InvalidInput, NotFound } from '../kernel/errors.ts';
import { type JsonObject, jsonByteLength, parseJsonObject } from '../kernel/json-document.ts';
import { parseName } from '../kernel/names.ts';
import { illFormedPart, storableText } from '../kernel/well-formed-json.ts';

export const MAX_DATASET_NAME_LENGTH = 100;
export const MAX_DATASET_DESCRIPTION_LENGTH = 2_000;
/** Items one call adds (`POST /api/datasets/{id}/items`, and each import or batch of one). */
export const MAX_ITEMS_PER_CALL = 1_000;
/** An item's input and its expected value, each as compact JSON. */
export const MAX_ITEM_VALUE_BYTES = 64 * 1024;
export const MAX_ITEM_METADATA_BYTES = 16 * 1024;

/** A workspace's named set of examples that evaluations run a target on. */
export interface Dataset {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string;
  readonly createdAt: Date;
}

/** One example: any JSON `input`, what the target should answer (`expected`, optional) and free `metadata`. */
export interface DatasetItem {
  readonly id: string;
  readonly datasetId: string;
  readonly input: unknown;
  readonly expected: unknown;
  readonly metadata: JsonObject | null;
  readonly createdAt: Date;
}

/** An item as given, before it has an id. */
export interface ItemDraft {
  readonly input: unknown;
  readonly expected?: unknown;
  readonly metadata?: unknown;
}

export class DatasetNotFound extends NotFound {
  constructor() {
    super('dataset');
  }
}

export class DatasetItemNotFound extends NotFound {
  constructor() {
    super('dataset item');
  }
}

export function newDataset(props: {
  id: string;
  workspaceId: string;
  name: string;
  description?: string | undefined;
  now: Date;
}): Dataset {
  const description = storableText(props.description ?? '', 'description');
  if (description.length > MAX_DATASET_DESCRIPTION_LENGTH)
    throw new InvalidInput(`description must be at most ${MAX_DATASET_DESCRIPTION_LENGTH} characters`);
  return {
    id: props.id,
    workspaceId: props.workspaceId,
    name: parseName(props.name, 'name', MAX_DATASET_NAME_LENGTH),
    description,
    createdAt: props.now,
  };
}

/**
 * Checked items of one call (1 to MAX_ITEMS_PER_CALL): each `input` a JSON value (null is none), `expected` any
 * JSON value or absent (null), `metadata` an object; `at` names where the items came from in errors.
 */
export function newItems(
  drafts: readonly ItemDraft[],
  make: { datasetId: string; newId: () => string; now: Date },
  at = 'items',
): DatasetItem[] {
  if (drafts.length < 1 || drafts.length > MAX_ITEMS_PER_CALL)
    throw new InvalidInput(`${at} must hold 1 to ${MAX_ITEMS_PER_CALL} items`);
  // One time for the batch: ids (UUIDv7, increasing) keep the items' order in lists ordered by (createdAt, id).
  return drafts.map((draft, index) => ({
    id: make.newId(),
    datasetId: make.datasetId,
    input: itemValue(draft.input, `${at}[${index}].input`),
    expected: draft.expected === undefined ? null : itemValue(draft.expected, `${at}[${index}].expected`),
    metadata:
      draft.metadata === undefined || draft.metadata === null
        ? null
        : parseJsonObject(draft.metadata, `${at}[${index}].metadata`, MAX_ITEM_METADATA_BYTES),
    createdAt: make.now,
  }));
}

function itemValue(value: unknown, what: string): unknown {
  if (value === undefined || value === null) {
    if (what.endsWith('.input')) throw new InvalidInput(`${what} is required (any JSON value but null)`);
    return null;
  }
  const illFormed = illFormedPart(value);
  if (illFormed) throw new InvalidInput(`${what}${illFormed.pointer} ${illFormed.problem}`);
  if (jsonByteLength(value) > MAX_ITEM_VALUE_BYTES)
    throw new InvalidInput(`${what} must be at most ${MAX_ITEM_VALUE_BYTES} bytes of JSON`);
  return value;
}
