import { InvalidInput } from '../kernel/errors.ts';
import { parseName } from '../kernel/names.ts';

/** The wire formats a model provider may speak (CONTRACT section 10). */
export const PROVIDER_KINDS = ['openai', 'anthropic'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Where a provider of each kind is reached when no `base_url` is given. */
export const DEFAULT_BASE_URLS: Readonly<Record<ProviderKind, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

export const MAX_PROVIDER_NAME_LENGTH = 100;
export const MAX_BASE_URL_LENGTH = 2048;
export const MAX_API_KEY_LENGTH = 1000;

export interface ProviderAccountProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly kind: ProviderKind;
  /** Null: the kind's default ({@link DEFAULT_BASE_URLS}). */
  readonly baseUrl: string | null;
  /**
   * In clear: adapters seal it at rest; presenters show only its hint. Null for a provider a workspace import
   * made (an export holds no key): its calls fail until `PATCH` gives it one.
   */
  readonly apiKey: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ProviderAccountChanges {
  readonly name?: string | undefined;
  readonly baseUrl?: string | null | undefined;
  readonly apiKey?: string | undefined;
}

/**
 * A workspace's account at a model provider (the API's "model provider"): which wire format it speaks, where,
 * and the key it is called with. The key is a credential: never answered, logged or audited.
 */
export class ProviderAccount {
  id!: string;
  workspaceId!: string;
  name!: string;
  kind!: ProviderKind;
  baseUrl!: string | null;
  apiKey!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: ProviderAccountProps) {
    Object.assign(this, props);
  }

  static create(
    props: {
      id: string;
      workspaceId: string;
      name: string;
      kind: ProviderKind;
      baseUrl?: string | null | undefined;
      apiKey: string | null;
    },
    now: Date,
  ): ProviderAccount {
    return new ProviderAccount({
      id: props.id,
      workspaceId: props.workspaceId,
      name: parseName(props.name, 'name', MAX_PROVIDER_NAME_LENGTH),
      kind: props.kind,
      baseUrl: parseBaseUrl(props.baseUrl ?? null),
      apiKey: props.apiKey === null ? null : parseApiKey(props.apiKey),
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Where the provider's API is reached. */
  get endpoint(): string {
    return this.baseUrl ?? DEFAULT_BASE_URLS[this.kind];
  }

  /**
   * The key's last 4 characters, to tell keys apart; a key shorter than 8 shows at most half of itself. Null
   * when it has no key.
   */
  get apiKeyHint(): string | null {
    if (this.apiKey === null) return null;
    const shown = Math.min(4, Math.floor(this.apiKey.length / 2));
    return shown === 0 ? '' : this.apiKey.slice(-shown);
  }

  /** Applies the given changes, all validated before any is applied; a null `baseUrl` means the default. */
  update(changes: ProviderAccountChanges, now: Date): void {
    const name =
      changes.name === undefined ? this.name : parseName(changes.name, 'name', MAX_PROVIDER_NAME_LENGTH);
    const baseUrl = changes.baseUrl === undefined ? this.baseUrl : parseBaseUrl(changes.baseUrl);
    const apiKey = changes.apiKey === undefined ? this.apiKey : parseApiKey(changes.apiKey);
    Object.assign(this, { name, baseUrl, apiKey, updatedAt: now });
  }
}

/**
 * An absolute http(s) URL without credentials, query or fragment, kept without a trailing slash (paths are
 * appended to it). Where it resolves is checked on every connection, as for outbound webhooks.
 */
function parseBaseUrl(value: string | null): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidInput('base_url must be an absolute http or https URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidInput('base_url must use http or https');
  if (url.username || url.password) throw new InvalidInput('base_url must not carry credentials');
  if (url.search || url.hash) throw new InvalidInput('base_url must not carry a query or fragment');
  if (value.length > MAX_BASE_URL_LENGTH) {
    throw new InvalidInput(`base_url must be at most ${MAX_BASE_URL_LENGTH} characters`);
  }
  return url.toString().replace(/\/+$/, '');
}

function parseApiKey(value: string): string {
  // Only printable ASCII without spaces: the key travels in an HTTP header.
  if (value.length === 0 || value.length > MAX_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidInput(
      `api_key must be 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters without spaces`,
    );
  }
  return value;
}
