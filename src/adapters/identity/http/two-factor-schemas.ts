import { closedObject, timestamp } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

/** A code from the authenticator app (6 digits) or, where allowed, a recovery code; spaces and hyphens ignored. */
const code = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  writeOnly: true,
  description:
    'The 6-digit code the authenticator app shows now, or one of the recovery codes (`xxxxx-xxxxx`); ' +
    'spaces and hyphens are ignored. Each code is accepted once.',
} as const;

export const mfaLoginRequest: JsonSchema = closedObject({
  mfa_token: {
    type: 'string',
    minLength: 1,
    maxLength: 300,
    pattern: '^[A-Za-z0-9_.-]+$',
    writeOnly: true,
    description: 'The `mfa_token` of the login that answered 401 `mfa_required` (valid 5 minutes).',
  },
  code,
});

export const totpEnrolmentResponse: JsonSchema = closedObject({
  otpauth_uri: {
    type: 'string',
    maxLength: 1000,
    pattern: '^otpauth://totp/',
    description:
      'The key URI an authenticator app enrols from (secret included: show it only to the person): SHA-1, ' +
      '6 digits, 30 s.',
  },
  qr_svg: {
    type: 'string',
    maxLength: 100000,
    pattern: '^<svg ',
    description: 'The same URI as a QR code, an SVG document (paths only) to show for a phone camera.',
  },
});

export const totpConfirmRequest: JsonSchema = closedObject({
  code: { ...code, description: 'The 6-digit code the authenticator app shows now.' },
});

export const recoveryCodesResponse: JsonSchema = closedObject({
  recovery_codes: {
    type: 'array',
    minItems: 10,
    maxItems: 10,
    items: { type: 'string', pattern: '^[2-9a-z]{5}-[2-9a-z]{5}$', maxLength: 11 },
    description:
      'Ten single-use codes that stand in for the app at login (and to turn 2FA off). Shown this once: only ' +
      'their hashes are kept.',
  },
});

export const totpDisableRequest: JsonSchema = closedObject({
  password: { type: 'string', minLength: 1, maxLength: 1024, writeOnly: true },
  code,
});

export const twoFactorStatusResponse: JsonSchema = closedObject({
  status: {
    type: 'string',
    enum: ['off', 'pending', 'on'],
    description: '`pending`: enrolled, waiting for its first code (login asks nothing yet).',
  },
  enabled_at: {
    ...timestamp,
    type: ['string', 'null'],
    description: 'When it was turned on; null unless on.',
  },
  recovery_codes_left: { type: 'integer', format: 'int32', minimum: 0, maximum: 10 },
});
