import type { Context } from 'koa';

/**
 * Cookies of the browser surface. Over HTTPS (or with COOKIE_SECURE=true) they are `Secure` and carry the
 * `__Host-` prefix, which browsers accept only from this exact host with `Path=/` and no `Domain`: a sibling
 * subdomain cannot plant one (a session-fixation route).
 */
export interface CookieSettings {
  /** COOKIE_SECURE: mark cookies Secure even when the request arrived over plain HTTP (TLS ends at a proxy). */
  readonly secure: boolean;
}

/** `sso`: the sealed pending single sign-on, from the start until the provider's callback. */
export type CookieKind = 'session' | 'login' | 'sso';

export function isSecureRequest(ctx: Context, settings: CookieSettings): boolean {
  return settings.secure || ctx.secure;
}

export function cookieName(kind: CookieKind, secure: boolean): string {
  return secure ? `__Host-${kind}` : kind;
}

/** The first value of the named cookie in the request's `Cookie` header. */
export function readCookie(ctx: Context, kind: CookieKind, settings: CookieSettings): string | undefined {
  const name = cookieName(kind, isSecureRequest(ctx, settings));
  for (const pair of ctx.get('Cookie').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** Sets a cookie (`value` must be cookie-safe: our tokens are base64url); `maxAgeSeconds` 0 deletes it. */
export function writeCookie(
  ctx: Context,
  kind: CookieKind,
  value: string,
  options: { maxAgeSeconds: number; sameSite: 'Lax' | 'Strict' },
  settings: CookieSettings,
): void {
  const secure = isSecureRequest(ctx, settings);
  const attributes = [
    `${cookieName(kind, secure)}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(secure ? ['Secure'] : []),
  ];
  ctx.append('Set-Cookie', attributes.join('; '));
}

export function clearCookie(ctx: Context, kind: CookieKind, settings: CookieSettings): void {
  writeCookie(ctx, kind, '', { maxAgeSeconds: 0, sameSite: kind === 'session' ? 'Lax' : 'Strict' }, settings);
}
