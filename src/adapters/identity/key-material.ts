import { generateKeyPairSync, randomBytes, webcrypto } from 'node:crypto';
import { type CryptoKey, calculateJwkThumbprint, importJWK, importPKCS8, type JWK } from 'jose';
import type { AccessTokenAlgorithm } from './jose-access-token-service.ts';

// Making, importing and publishing access-token keys (kept by a SigningKeyStore, cached by CachedSigningKeys).

const PUBLISHED_JWK_MEMBERS = ['kty', 'crv', 'x', 'y'] as const;

export interface NewKey {
  readonly kid: string;
  readonly publicJwk: JWK | undefined;
  /** PKCS#8 PEM, or the HS256 secret in base64url. */
  readonly privateKey: string;
}

export async function generateKey(algorithm: AccessTokenAlgorithm): Promise<NewKey> {
  if (algorithm === 'HS256') {
    // A random secret rather than a derived one: each rotation needs a new, independent key.
    return {
      kid: `hs256-${randomBytes(8).toString('hex')}`,
      publicJwk: undefined,
      privateKey: randomBytes(32).toString('base64url'),
    };
  }
  const pair =
    algorithm === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicJwk = pair.publicKey.export({ format: 'jwk' }) as JWK;
  return {
    // The RFC 7638 thumbprint: unique per key, and other services can recompute it from the JWKS.
    kid: await calculateJwkThumbprint(publicJwk, 'sha256'),
    publicJwk,
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

export async function importPublic(
  publicJwk: JWK | null,
  kid: string,
  algorithm: AccessTokenAlgorithm,
): Promise<CryptoKey | Uint8Array> {
  if (!publicJwk) throw new Error(`signing key ${kid} has no public key`);
  return importJWK(pick(publicJwk), algorithm);
}

/** The signing key from a stored private key: PKCS#8 PEM, or the HS256 secret in base64url. */
export function importPrivate(
  privateKey: string,
  algorithm: AccessTokenAlgorithm,
): Promise<CryptoKey | Uint8Array> {
  if (algorithm !== 'HS256') return importPKCS8(privateKey, algorithm);
  return webcrypto.subtle.importKey(
    'raw',
    Buffer.from(privateKey, 'base64url'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  ) as Promise<CryptoKey>;
}

/** Only public members are ever published, whatever the stored JSON holds (never `d`). */
export function publishedJwk(
  jwk: JWK,
  kid: string,
  algorithm: AccessTokenAlgorithm,
): Record<string, unknown> {
  return { ...pick(jwk), kid, alg: algorithm, use: 'sig' };
}

function pick(jwk: JWK): JWK {
  const picked: JWK = {};
  for (const member of PUBLISHED_JWK_MEMBERS) {
    if (typeof jwk[member] === 'string') picked[member] = jwk[member];
  }
  return picked;
}
