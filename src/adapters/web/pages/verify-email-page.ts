import { html, type SafeHtml } from '../html.ts';
import { layout, message } from './layout.ts';

export interface VerifyEmailPageModel {
  /** The token from the link, carried to the POST; absent once it was spent (or on a bare visit). */
  readonly token?: string;
  readonly error?: string;
  readonly verified?: boolean;
}

/**
 * The page a verification link opens. Opening it spends nothing: the token is spent by the button's POST, so
 * a mail scanner that fetches links leaves it usable.
 */
export function verifyEmailPage({ token, error, verified }: VerifyEmailPageModel): SafeHtml {
  const form =
    token && !verified
      ? html`<form method="post" action="/verify-email">
<input type="hidden" name="token" value="${token}">
<button type="submit">Verify my e-mail address</button>
</form>`
      : undefined;
  return layout(
    'Verify e-mail',
    html`<section class="card narrow">
<h1>Verify your e-mail address</h1>
${message('alert', error)}
${message('notice', verified ? 'Your e-mail address is verified. You can close this page.' : undefined)}
${form}
${!token && !verified && !error ? html`<p class="muted">Open the link from the verification e-mail.</p>` : undefined}
</section>`,
  );
}
