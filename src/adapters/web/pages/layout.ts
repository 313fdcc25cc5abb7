import { html, type SafeHtml } from '../html.ts';

export interface Viewer {
  readonly displayName: string;
  readonly csrfToken: string;
}

/** Every page: the document shell, the stylesheet and, when signed in, the navigation with sign-out. */
export function layout(title: string, content: SafeHtml, viewer?: Viewer): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Platform</title>
<link rel="stylesheet" href="/assets/web.css">
</head>
<body>
<header class="bar">
<a class="brand" href="/">Platform</a>
${viewer && navigation(viewer)}
</header>
<main>
${content}
</main>
</body>
</html>
`;
}

function navigation(viewer: Viewer): SafeHtml {
  return html`<nav>
<span>Signed in as <strong>${viewer.displayName}</strong></span>
<a href="/console">Console</a>
<a href="/account/password">Change password</a>
<form class="inline" method="post" action="/logout">
<input type="hidden" name="_csrf" value="${viewer.csrfToken}">
<button type="submit" class="link">Sign out</button>
</form>
</nav>`;
}

/** A message shown at the top of a page: `alert` for errors (announced by screen readers), else `notice`. */
export function message(kind: 'alert' | 'notice', text: string | undefined): SafeHtml | undefined {
  if (!text) return undefined;
  return html`<p class="${kind}" role="${kind === 'alert' ? 'alert' : 'status'}">${text}</p>`;
}

/** `2026-11-21 12:00 UTC` */
export function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
