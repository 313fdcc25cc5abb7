import { PassThrough } from 'node:stream';
import type { Router } from '@koa/router';
import { NotFound } from '../../../domain/kernel/errors.ts';
import { userPrincipal } from '../../../domain/kernel/principal.ts';
import { readCookie } from '../../identity/index.ts';
import type { BearerCredential } from '../../platform/http/request-state.ts';
import { runStreamOptions, streamRunEvents } from '../../runs/index.ts';
import { escapeHtml, html, SafeHtml } from '../html.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { messageIdOf, threadUrl } from './chat-console.ts';
import { consoleGet, workspaceOf } from './console-context.ts';
import { consoleLayout } from './kit.ts';
import { streamEvents } from './streamed-events.ts';

const END = '<!--end of answer-->';
/** Where the streamed text goes: the page is cut there (markup, not text: never escaped). */
const MARK = new SafeHtml(END);

/** The text of an answer's `message.delta` events, escaped for the page. */
const deltaText = (events: readonly { type: string; data: unknown }[]) =>
  events
    .map((event) => {
      const text = (event.data as { text?: unknown } | null)?.text;
      return event.type === 'message.delta' && typeof text === 'string' ? escapeHtml(text) : '';
    })
    .join('');

/**
 * The answer as it is written, for the browser that runs no script: the page streams the answer's text until
 * it is finished, then (the `Refresh` header, once loaded) shows the thread again. And the thread's live
 * events as Server-Sent Events under the browser session, exactly as `GET /api/threads/{id}/stream`: the chat
 * page's script reads them.
 */
export function answerRoutes(router: Router, deps: WebDeps): void {
  router.get('/console/threads/:thread/answer', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (!req) return;
    const threadId = ctx.params.thread as string;
    const thread = await deps.getThread(req.principal, threadId);
    const back = threadUrl(thread.id, messageIdOf(ctx.query.through, 'through'));
    const runId = await deps.activeThreadRun(req.principal, thread.id);
    if (runId === undefined) return seeOther(ctx, back);
    const { workspace } = await workspaceOf(deps, req, thread.workspaceId);
    const page = consoleLayout(
      { title: 'The agent is answering', viewer: req.viewer, workspace },
      html`<section class="card"><h1>The agent is answering</h1>
<p role="status">The answer appears below as it is written; the thread is shown again once it is finished. <a href="${back}">Back to the thread</a></p>
<pre id="answer-text">${MARK}`,
    ).value;
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Refresh', `0; url=${back}`);
    const out = new PassThrough();
    ctx.body = out;
    out.write(page.slice(0, page.indexOf(END)));
    const tail = page.slice(page.indexOf(END) + END.length);
    await streamEvents(ctx, deps, req, {
      runId,
      out,
      write: deltaText,
      again: html`<p role="status">The live view paused. <a href="${back}">Back to the thread</a>.</p>`,
      finish: (note) => out.end(`</pre>${note?.value ?? ''}</section>${tail}`),
    });
  });

  router.get('/console/threads/:thread/stream', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (!req) return;
    const runId = await deps.activeThreadRun(req.principal, ctx.params.thread as string);
    if (runId === undefined) {
      ctx.status = 204;
      return;
    }
    const token = readCookie(ctx, 'session', deps.cookieSettings);
    const { user, session } = req.current;
    // The stream checks its caller again as it goes (a session ended, a member removed): the browser session.
    const credential: BearerCredential = {
      expiresAt: session.expiresAt.getTime(),
      reauthenticate: async () => {
        const current = token ? await deps.resolveBrowserSession(token) : undefined;
        if (current?.session.id !== session.id) throw new NotFound('this session');
        return userPrincipal(user.id, session.id);
      },
    };
    ctx.state.credential = credential;
    await streamRunEvents(deps, runStreamOptions(deps), ctx, req.principal, runId, ctx.query);
  });
}
