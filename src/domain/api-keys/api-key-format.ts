/**
 * The key a machine sends: `pk_` + key id (22 base64url characters, 128 random bits) + `_` + secret
 * (43 base64url characters, 256 random bits). The fixed prefix makes a leaked key easy to recognise and to
 * scan for; the key id finds the stored key, the secret proves possession.
 */
export const API_KEY_PREFIX = 'pk_';

/** 128 bits in base64url. */
export const KEY_ID_LENGTH = 22;
/** 256 bits in base64url. */
export const SECRET_LENGTH = 43;

// The key id's alphabet contains `_` too: the fixed lengths, not the separator, delimit the parts.
const FORMAT = /^pk_([A-Za-z0-9_-]{22})_([A-Za-z0-9_-]{43})$/;

export interface ApiKeyParts {
  readonly keyId: string;
  readonly secret: string;
}

/** Whether a bearer credential is meant as an API key (an access token never starts with `pk_`). */
export function isApiKeyCredential(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

export function formatApiKey({ keyId, secret }: ApiKeyParts): string {
  return `${API_KEY_PREFIX}${keyId}_${secret}`;
}

/** The key id and secret of a well-formed key; undefined for anything else. */
export function readApiKey(credential: string): ApiKeyParts | undefined {
  const match = FORMAT.exec(credential);
  if (!match?.[1] || !match[2]) return undefined;
  return { keyId: match[1], secret: match[2] };
}

/** What a listing shows to tell keys apart: the public part, never the secret. */
export function apiKeyPrefix(keyId: string): string {
  return `${API_KEY_PREFIX}${keyId}`;
}
