import { InvalidInput } from '../kernel/errors.ts';
import { secretsInUse } from '../kernel/rotating-secret.ts';
import { storableText } from '../kernel/well-formed-json.ts';
import { parseEventTypes, type WebhookEventType } from './webhook-event-types.ts';

/** After a rotation the replaced secret signs too for this long (both signatures sent), CONTRACT section 8. */
export const SECRET_OVERLAP_SECONDS = 24 * 3600;
export const MAX_ENDPOINT_URL_LENGTH = 2048;
export const MAX_ENDPOINT_DESCRIPTION_LENGTH = 500;

/** Why an endpoint stopped receiving messages: `failing` after too many failed attempts in a row. */
export type DisabledReason = 'by_user' | 'gone' | 'failing';

export interface WebhookEndpointProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly url: string;
  readonly description: string | null;
  readonly eventTypes: readonly WebhookEventType[];
  readonly enabled: boolean;
  readonly disabledReason: DisabledReason | null;
  /** In clear: adapters seal it at rest; presenters show it only on creation and rotation. */
  readonly signingSecret: string;
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: Date | null;
  /** The stored version this object was read at: repositories save only over it (see TriggerRepository). */
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface EndpointChanges {
  readonly url?: string | undefined;
  readonly description?: string | null | undefined;
  readonly eventTypes?: readonly string[] | undefined;
  readonly enabled?: boolean | undefined;
}

/** Where a workspace wants to hear about its runs' outcomes, signed per Standard Webhooks. */
export class WebhookEndpoint {
  id!: string;
  workspaceId!: string;
  url!: string;
  description!: string | null;
  eventTypes!: readonly WebhookEventType[];
  enabled!: boolean;
  disabledReason!: DisabledReason | null;
  signingSecret!: string;
  previousSecret!: string | null;
  previousSecretExpiresAt!: Date | null;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: WebhookEndpointProps) {
    Object.assign(this, props);
  }

  static create(
    props: {
      id: string;
      workspaceId: string;
      url: string;
      description?: string | null | undefined;
      eventTypes: readonly string[];
      signingSecret: string;
    },
    now: Date,
  ): WebhookEndpoint {
    return new WebhookEndpoint({
      id: props.id,
      workspaceId: props.workspaceId,
      url: parseEndpointUrl(props.url),
      description: parseDescription(props.description ?? null),
      eventTypes: parseEventTypes(props.eventTypes),
      enabled: true,
      disabledReason: null,
      signingSecret: props.signingSecret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The secrets that sign a message sent at `now`: the current one, then the replaced one in its overlap. */
  activeSecrets(now: Date): string[] {
    return secretsInUse(this, now);
  }

  subscribesTo(type: WebhookEventType): boolean {
    return this.enabled && this.eventTypes.includes(type);
  }

  /** Applies the given changes, all validated before any is applied; enabling clears why it was disabled. */
  update(changes: EndpointChanges, now: Date): void {
    const url = changes.url === undefined ? this.url : parseEndpointUrl(changes.url);
    const description =
      changes.description === undefined ? this.description : parseDescription(changes.description);
    const eventTypes =
      changes.eventTypes === undefined ? this.eventTypes : parseEventTypes(changes.eventTypes);
    const enabled = changes.enabled ?? this.enabled;
    const disabledReason = enabled ? null : changes.enabled === false ? 'by_user' : this.disabledReason;
    Object.assign(this, { url, description, eventTypes, enabled, disabledReason, updatedAt: now });
  }

  /** `newSecret` signs from now on; the current one signs too for the next 24 h. */
  rotateSecret(newSecret: string, now: Date): void {
    this.previousSecret = this.signingSecret;
    this.previousSecretExpiresAt = new Date(now.getTime() + SECRET_OVERLAP_SECONDS * 1000);
    this.signingSecret = newSecret;
    this.updatedAt = now;
  }

  /** Its attempts failed too many times in a row: no more messages until someone enables it again. */
  disableAsFailing(now: Date): void {
    this.enabled = false;
    this.disabledReason = 'failing';
    this.updatedAt = now;
  }

  /** The receiver answered 410 Gone: it wants no more messages until someone enables the endpoint again. */
  disableAsGone(now: Date): void {
    this.enabled = false;
    this.disabledReason = 'gone';
    this.updatedAt = now;
  }
}

/** An absolute http(s) URL without credentials or fragment; where it resolves is checked when sending. */
export function parseEndpointUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidInput('url must be an absolute http or https URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidInput('url must use http or https');
  if (url.username || url.password) throw new InvalidInput('url must not carry credentials');
  if (url.hash) throw new InvalidInput('url must not carry a fragment');
  if (value.length > MAX_ENDPOINT_URL_LENGTH) {
    throw new InvalidInput(`url must be at most ${MAX_ENDPOINT_URL_LENGTH} characters`);
  }
  return url.toString();
}

function parseDescription(value: string | null): string | null {
  if (value === null) return null;
  const text = storableText(value, 'description').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (text.length > MAX_ENDPOINT_DESCRIPTION_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new InvalidInput(
      `description must be at most ${MAX_ENDPOINT_DESCRIPTION_LENGTH} printable characters`,
    );
  }
  return text.length === 0 ? null : text;
}
