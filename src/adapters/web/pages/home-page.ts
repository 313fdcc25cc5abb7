import type { HomeView } from '../../../application/web/get-home.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime, layout, message, type Viewer } from './layout.ts';

export interface HomePageModel {
  readonly home: HomeView;
  readonly viewer: Viewer;
  readonly notice?: string;
}

/** The signed-in home page: who you are, your workspaces, and every session with a way to end it. */
export function homePage({ home, viewer, notice }: HomePageModel): SafeHtml {
  const { user } = home;
  return layout(
    'Home',
    html`${message('notice', notice)}
<section class="card">
<h1>Hello, ${user.displayName}</h1>
<dl>
<dt>Username</dt><dd>${user.username}</dd>
<dt>E-mail</dt><dd>${user.email}</dd>
<dt>User id</dt><dd><code>${user.id}</code></dd>
</dl>
</section>
<section class="card">
<h2>Workspaces</h2>
<table>
<thead><tr><th>Name</th><th>Your role</th></tr></thead>
<tbody>
${home.workspaces.map(({ workspace, role }) => html`<tr><td>${workspace.name}</td><td>${role}</td></tr>`)}
</tbody>
</table>
</section>
<section class="card">
<h2>Browser sessions</h2>
${sessionTable(
  viewer,
  'browser',
  home.browserSessions.map(({ session, current }) => ({
    id: session.id,
    started: session.createdAt,
    lastUsed: session.lastSeenAt,
    ip: session.ip,
    userAgent: session.userAgent,
    current,
  })),
)}
</section>
<section class="card">
<h2>API sessions</h2>
${
  home.apiSessions.length === 0
    ? html`<p class="muted">No API client is signed in with your account.</p>`
    : sessionTable(
        viewer,
        'api',
        home.apiSessions.map((session) => ({
          id: session.id,
          started: session.createdAt,
          lastUsed: session.lastUsedAt,
          ip: session.ip,
          userAgent: session.userAgent,
          current: false,
        })),
      )
}
</section>`,
    viewer,
  );
}

interface SessionRow {
  readonly id: string;
  readonly started: Date;
  readonly lastUsed: Date;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly current: boolean;
}

function sessionTable(viewer: Viewer, kind: 'browser' | 'api', rows: readonly SessionRow[]): SafeHtml {
  return html`<table>
<thead><tr><th>Signed in</th><th>Last used</th><th>Address</th><th>Client</th><th></th></tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr>
<td class="time">${formatTime(row.started)}</td>
<td class="time">${formatTime(row.lastUsed)}</td>
<td>${row.ip ?? '—'}</td>
<td>${shorten(row.userAgent)}</td>
<td>${row.current ? html`<span class="tag">this browser</span>` : revokeButton(viewer, kind, row.id)}</td>
</tr>`,
)}
</tbody>
</table>`;
}

function revokeButton(viewer: Viewer, kind: 'browser' | 'api', id: string): SafeHtml {
  return html`<form class="inline" method="post" action="/sessions/revoke">
<input type="hidden" name="_csrf" value="${viewer.csrfToken}">
<input type="hidden" name="kind" value="${kind}">
<input type="hidden" name="id" value="${id}">
<button type="submit" class="danger">Revoke</button>
</form>`;
}

function shorten(userAgent: string | null): string {
  if (!userAgent) return 'unknown';
  return userAgent.length > 90 ? `${userAgent.slice(0, 89)}…` : userAgent;
}
