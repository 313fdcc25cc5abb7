import type { PageRequest } from '../../../application/kernel/ports/page.ts';
import { encodeCursor, pageRequestOf } from '../../platform/http/pagination.ts';
import { html, type SafeHtml } from '../html.ts';
import { layout, message, type Viewer } from '../pages/layout.ts';

/**
 * The console's page-rendering toolkit: every console page is built from these (layout, tables with cursor
 * paging, forms with their errors, the "same with curl" box), never from HTML of its own.
 */

export interface ConsolePage {
  readonly title: string;
  readonly viewer: Viewer;
  /** The workspace the page belongs to: its sections appear in the navigation. */
  readonly workspace?: { readonly id: string; readonly name: string } | undefined;
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
}

const SECTIONS = [
  ['', 'Members'],
  ['/missions', 'Missions'],
  ['/runs', 'Runs'],
  ['/blueprints', 'Blueprints'],
  ['/approvals', 'Approvals'],
  ['/agents', 'Agents'],
  ['/datasets', 'Datasets'],
  ['/evaluations', 'Evaluations'],
  ['/webhooks', 'Outbound webhooks'],
  ['/files', 'Files'],
  ['/knowledge', 'Knowledge bases'],
  ['/keys', 'API keys'],
  ['/providers', 'Model providers'],
] as const;

/** A console page: the site layout with the console's navigation, the page's messages, then its content. */
export function consoleLayout(page: ConsolePage, content: SafeHtml): SafeHtml {
  const { workspace } = page;
  return layout(
    page.title,
    html`<nav class="console" aria-label="Console">
<a href="/console">Workspaces</a>
${
  workspace &&
  html`<span class="muted">${workspace.name}:</span>
${SECTIONS.map(([path, label]) => html`<a href="/console/w/${workspace.id}${path}">${label}</a>`)}`
}
</nav>
${message('alert', page.error)}${message('notice', page.notice)}
${content}`,
    page.viewer,
  );
}

export interface Column<T> {
  readonly label: string;
  readonly cell: (row: T) => SafeHtml | string | number | null | undefined;
}

/** A table of rows (with a caption for screen readers), or a line saying there is nothing yet. */
export function table<T>(
  caption: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  empty: string,
): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">${empty}</p>`;
  return html`<table>
<caption class="visually-hidden">${caption}</caption>
<thead><tr>${columns.map((column) => html`<th scope="col">${column.label}</th>`)}</tr></thead>
<tbody>
${rows.map((row) => html`<tr>${columns.map((column) => html`<td>${column.cell(row)}</td>`)}</tr>`)}
</tbody>
</table>`;
}

/** The page a console list asks for: `?cursor=` as the API takes it, 50 a page. */
export function pageOf(query: Record<string, unknown>, limit = 50): PageRequest {
  const cursor = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
  return pageRequestOf({ limit, ...(cursor && { cursor }) });
}

/** "Next page" after a list, keeping the page's other query parameters; nothing on the last page. */
export function pager(
  path: string,
  query: Record<string, string | undefined>,
  next: PageRequest['after'] | null,
) {
  const cursor = encodeCursor(next ?? null);
  if (!cursor) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  params.set('cursor', cursor);
  return html`<p><a href="${path}?${params.toString()}" rel="next">Next page</a></p>`;
}

export interface Field {
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'url' | 'password' | 'datetime-local' | 'select' | 'file' | 'textarea';
  readonly value?: string | undefined;
  /** A select's options: values, or values with their labels (an empty value reads "any"). */
  readonly options?: readonly (string | { readonly value: string; readonly label: string })[];
  readonly required?: boolean;
  readonly hint?: string;
}

/** A labelled field (a select when it has options); its hint is tied to it for screen readers. */
export function field(input: Field): SafeHtml {
  const id = `field-${input.name}`;
  const hint = input.hint && html`<span class="hint" id="${id}-hint">${input.hint}</span>`;
  const described = input.hint ? `${id}-hint` : undefined;
  const attributes = html`${input.required ? html` required` : ''}${described ? html` aria-describedby="${described}"` : ''}`;
  const control =
    input.type === 'textarea'
      ? html`<textarea id="${id}" name="${input.name}" rows="8"${attributes}>${input.value ?? ''}</textarea>`
      : input.options === undefined
        ? html`<input id="${id}" name="${input.name}" type="${input.type ?? 'text'}" value="${input.value ?? ''}"${attributes}>`
        : html`<select id="${id}" name="${input.name}"${described ? html` aria-describedby="${described}"` : ''}>${input.options.map(
            (option) => {
              const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
              return html`<option value="${value}"${value === (input.value ?? '') ? html` selected` : ''}>${label || 'any'}</option>`;
            },
          )}</select>`;
  return html`<label for="${id}">${input.label}${control}${hint}</label>`;
}

/** An id as lists show it: its last 12 characters (time-ordered ids share their first ones). */
export const shortId = (id: string) => `…${id.slice(-12)}`;

/** The CSRF token every console form carries. */
export const csrf = (viewer: Viewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;

/** A form that posts its fields (with the CSRF token) to `action`. */
export function postForm(
  viewer: Viewer,
  action: string,
  label: string,
  content: SafeHtml | string = '',
): SafeHtml {
  return html`<form method="post" action="${action}">
${csrf(viewer)}${content}
<button type="submit">${label}</button>
</form>`;
}

/** One button that posts to `action`: revoke, delete, cancel. */
export function actionButton(
  viewer: Viewer,
  action: string,
  label: string,
  accessibleName: string,
): SafeHtml {
  return html`<form class="inline" method="post" action="${action}">${csrf(viewer)}<button type="submit" class="danger" aria-label="${accessibleName}">${label}</button></form>`;
}

/** The API call that does what the page shows: `$API` is the server, `$TOKEN` an access token or API key. */
export function curlBox(...commands: readonly string[]): SafeHtml {
  return html`<details class="curl"><summary>The same with curl</summary>
<pre><code>${commands.join('\n')}</code></pre>
</details>`;
}

/** `curl` with the bearer header, against `$API`. */
export function curl(method: string, path: string, body?: unknown): string {
  const verb = method === 'GET' ? '' : ` -X ${method}`;
  const data =
    body === undefined ? '' : ` \\\n  -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
  return `curl -s${verb} "$API${path}" -H "Authorization: Bearer $TOKEN"${data}`;
}

/** A value shown once (a new API key or secret), with the warning that it will not be shown again. */
export function shownOnce(label: string, value: string): SafeHtml {
  return html`<section class="card once" aria-labelledby="once-title">
<h2 id="once-title">${label}</h2>
<p>Copy it now: it is shown only this once and cannot be read again.</p>
<pre><code id="once-value">${value}</code></pre>
</section>`;
}
