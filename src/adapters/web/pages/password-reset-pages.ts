import { html, type SafeHtml } from '../html.ts';
import { layout, message } from './layout.ts';

export interface ResetRequestPageModel {
  readonly csrfToken: string;
  readonly error?: string;
  /** Shown after any request, whether or not an account has the address. */
  readonly sent?: boolean;
}

export function resetRequestPage({ csrfToken, error, sent }: ResetRequestPageModel): SafeHtml {
  const notice = sent
    ? 'If an account uses that address, a link to choose a new password is on its way. It works for 30 minutes.'
    : undefined;
  return layout(
    'Reset password',
    html`<section class="card narrow">
<h1>Reset your password</h1>
${message('alert', error)}
${message('notice', notice)}
<form method="post" action="/password-reset">
<input type="hidden" name="_csrf" value="${csrfToken}">
<label>E-mail
<input type="email" name="email" autocomplete="email" required maxlength="254" autofocus>
</label>
<button type="submit">Send me a link</button>
</form>
<p class="muted"><a href="/login">Back to sign-in</a></p>
</section>`,
  );
}

export interface ResetConfirmPageModel {
  readonly csrfToken: string;
  readonly token?: string;
  readonly error?: string;
}

export function resetConfirmPage({ csrfToken, token, error }: ResetConfirmPageModel): SafeHtml {
  const form = token
    ? html`<form method="post" action="/password-reset/confirm">
<input type="hidden" name="_csrf" value="${csrfToken}">
<input type="hidden" name="token" value="${token}">
<label>New password
<input type="password" name="new_password" autocomplete="new-password" required minlength="8" maxlength="1024" autofocus>
</label>
<label>New password, again
<input type="password" name="confirm_password" autocomplete="new-password" required minlength="8" maxlength="1024">
</label>
<button type="submit">Set my new password</button>
</form>
<p class="muted">Every session of your account, in browsers and through the API, ends when the password changes.</p>`
    : html`<p><a href="/password-reset">Ask for a new link</a></p>`;
  return layout(
    'Choose a new password',
    html`<section class="card narrow">
<h1>Choose a new password</h1>
${message('alert', error)}
${form}
</section>`,
  );
}
