import type { Input, Settings } from './settings.ts';

/** Access and refresh tokens, password hashing, login throttling, the bootstrap administrator. */
export interface IdentityConfig {
  readonly jwt: {
    readonly algorithm: 'EdDSA' | 'ES256' | 'HS256';
    readonly issuer: string;
    readonly audience: string;
  };
  readonly refresh: {
    readonly absoluteSeconds: number;
    readonly idleSeconds: number;
    readonly graceSeconds: number;
  };
  readonly passwordHasher: 'argon2id' | 'scrypt';
  /** Per client address, per minute. */
  readonly loginRateLimit: number;
  readonly refreshRateLimit: number;
  readonly bootstrapAdmin:
    | { readonly username: string; readonly email: string; readonly password: string }
    | undefined;
}

export const identitySettings: Settings<IdentityConfig> = {
  properties: {
    JWT_ALGORITHM: {
      enum: ['EdDSA', 'ES256', 'HS256'],
      default: 'EdDSA',
      description: 'access-token algorithm: `EdDSA` (Ed25519), `ES256` or `HS256`',
    },
    JWT_ISSUER: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: '`iss` of access tokens (verification pins it)',
      defaultText: '`PUBLIC_URL`',
    },
    JWT_AUDIENCE: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      default: 'platform-api',
      description: '`aud` of access tokens (verification pins it)',
    },
    REFRESH_TOKEN_TTL_SECONDS: {
      type: 'integer',
      minimum: 901,
      maximum: 31536000,
      default: 2592000,
      description: 'absolute lifetime of a login session (30 days)',
    },
    REFRESH_IDLE_TTL_SECONDS: {
      type: 'integer',
      minimum: 901,
      maximum: 31536000,
      default: 604800,
      description: 'a login session not refreshed for this long ends (7 days)',
    },
    REFRESH_GRACE_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 300,
      default: 10,
      description: 'how long a just-rotated refresh token still yields the same successor',
    },
    PASSWORD_HASHER: {
      enum: ['argon2id', 'scrypt'],
      default: 'argon2id',
      description:
        "`argon2id` (m=19456 KiB, t=2, p=1) or `scrypt` (N=2^17, r=8, p=1); each verifies the other's hashes and re-hashes at the next login",
    },
    LOGIN_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 20,
      description: 'login attempts per client address per minute (429 with `Retry-After` beyond)',
    },
    REFRESH_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 60,
      description: 'refreshes per client address per minute',
    },
    BOOTSTRAP_ADMIN_USERNAME: {
      type: 'string',
      minLength: 3,
      maxLength: 64,
      description:
        'the username of an administrator created at start when missing (`BOOTSTRAP_ADMIN_EMAIL` and `_PASSWORD` must be set too)',
      defaultText: 'unset',
    },
    BOOTSTRAP_ADMIN_EMAIL: {
      type: 'string',
      minLength: 3,
      maxLength: 254,
      description: 'the e-mail of that bootstrap administrator',
      defaultText: 'unset',
    },
    BOOTSTRAP_ADMIN_PASSWORD: {
      type: 'string',
      minLength: 8,
      maxLength: 1024,
      description: 'the initial password of that bootstrap administrator (8 to 1024 characters)',
      defaultText: 'unset',
    },
  },
  secrets: ['BOOTSTRAP_ADMIN_PASSWORD'],
  dependencies: {
    BOOTSTRAP_ADMIN_USERNAME: ['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_EMAIL: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_PASSWORD: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_EMAIL'],
  },
  read: (input: Input, platform): IdentityConfig => ({
    jwt: {
      algorithm: input.JWT_ALGORITHM as IdentityConfig['jwt']['algorithm'],
      issuer: (input.JWT_ISSUER as string | undefined) ?? platform.publicUrl,
      audience: input.JWT_AUDIENCE as string,
    },
    refresh: {
      absoluteSeconds: input.REFRESH_TOKEN_TTL_SECONDS as number,
      idleSeconds: input.REFRESH_IDLE_TTL_SECONDS as number,
      graceSeconds: input.REFRESH_GRACE_SECONDS as number,
    },
    passwordHasher: input.PASSWORD_HASHER as IdentityConfig['passwordHasher'],
    loginRateLimit: input.LOGIN_RATE_LIMIT_PER_MINUTE as number,
    refreshRateLimit: input.REFRESH_RATE_LIMIT_PER_MINUTE as number,
    bootstrapAdmin: input.BOOTSTRAP_ADMIN_USERNAME
      ? {
          username: input.BOOTSTRAP_ADMIN_USERNAME as string,
          email: input.BOOTSTRAP_ADMIN_EMAIL as string,
          password: input.BOOTSTRAP_ADMIN_PASSWORD as string,
        }
      : undefined,
  }),
};
