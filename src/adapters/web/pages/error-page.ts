import { html, type SafeHtml } from '../html.ts';
import { layout } from './layout.ts';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Too much data',
  415: 'Not a form submission',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Temporarily unavailable',
};

/** An error page: a title for the status and one sentence; never a stack trace or internal detail. */
export function errorPage(status: number, detail: string, requestId: string | undefined): SafeHtml {
  const title = TITLES[status] ?? 'Error';
  return layout(
    title,
    html`<section class="card narrow">
<h1>${title}</h1>
<p>${detail}</p>
${requestId && html`<p class="muted">Request id: <code>${requestId}</code></p>`}
<p><a href="/">Back to the start page</a></p>
</section>`,
  );
}
