import type { Context } from 'koa';

/**
 * No script may run at all (`default-src 'none'` covers scripts): the pages work without JavaScript, so an
 * injected `<script>` would be inert even if escaping failed somewhere. Styles come only from our own
 * stylesheet; forms post only to us; no one may frame the pages (clickjacking). `connect-src 'self'` lets a
 * front end on this origin call `/api/auth/session`.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Same-origin requests keep their Referer (a fallback for the Origin check); other sites get nothing.
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Lets this response's page run exactly the inline scripts of these SHA-256 hashes (base64), nothing else: for
 * the few pages that are unusable without a script (their script only enhances what works without it).
 */
export function allowScripts(ctx: Context, hashes: readonly string[]): void {
  const sources = hashes.map((hash) => `'sha256-${hash}'`).join(' ');
  ctx.set('Content-Security-Policy', `${CONTENT_SECURITY_POLICY}; script-src ${sources}`);
}

/** Headers on every response of the browser surface; HSTS too once it is served over HTTPS. */
export function setSecurityHeaders(ctx: Context, secure: boolean): void {
  ctx.set(HEADERS);
  if (secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
}
