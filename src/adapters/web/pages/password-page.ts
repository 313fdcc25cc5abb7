import { html, type SafeHtml } from '../html.ts';
import { layout, message, type Viewer } from './layout.ts';

export interface PasswordPageModel {
  readonly viewer: Viewer;
  readonly error?: string;
  readonly notice?: string;
}

export function passwordPage({ viewer, error, notice }: PasswordPageModel): SafeHtml {
  return layout(
    'Change password',
    html`<section class="card narrow">
<h1>Change password</h1>
${message('alert', error)}
${message('notice', notice)}
<form method="post" action="/account/password">
<input type="hidden" name="_csrf" value="${viewer.csrfToken}">
<label>Current password
<input type="password" name="current_password" autocomplete="current-password" required maxlength="1024">
</label>
<label>New password
<input type="password" name="new_password" autocomplete="new-password" required minlength="8" maxlength="1024">
</label>
<label>New password, again
<input type="password" name="confirm_password" autocomplete="new-password" required minlength="8" maxlength="1024">
</label>
<button type="submit">Change password</button>
</form>
<p class="muted">Changing your password signs you out everywhere else: other browsers and every API session.</p>
</section>`,
    viewer,
  );
}
