import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { ThreadMessage } from '../../../domain/agents/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { allowScripts } from '../security-headers.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { readably, textArea } from './agent-forms.ts';
import { CHAT_SCRIPT, CHAT_SCRIPT_HASH } from './chat-script.ts';
import { type ConsoleRequest, UUID, workspaceOf } from './console-context.ts';
import { consoleFormRoute, consolePageRoute, type FormRefusal, sendConsolePage } from './console-handlers.ts';
import { csrf, curl, curlBox } from './kit.ts';

/** A message id of the query or a form (`?through=`, `parent_id`): a UUID, else bad input; empty is none. */
export function messageIdOf(value: unknown, label: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) throw new InvalidInput(`${label} must name a message`);
  return value;
}

/** Where a thread's page shows the branch through `through` (the newest branch without one). */
export const threadUrl = (threadId: string, through?: string) =>
  `/console/threads/${threadId}${through ? `?through=${through}` : ''}`;

/** A form of the chat (send, edit, regenerate): `parent` the message it follows; `js` set by the page's script. */
function chatForm(
  req: ConsoleRequest,
  threadId: string,
  parent: string | null,
  label: string,
  content: SafeHtml,
) {
  return html`<form method="post" action="/console/threads/${threadId}/messages">
${csrf(req.viewer)}<input type="hidden" name="js" value=""><input type="hidden" name="parent_id" value="${parent ?? ''}">
${content}<button type="submit">${label}</button>
</form>`;
}

/** "2 of 3" with links to the sibling branches of a message (nothing when it has none). */
function branchSwitch(threadId: string, message: ThreadMessage, siblings: readonly string[]) {
  if (siblings.length < 2) return undefined;
  const at = siblings.indexOf(message.id);
  const link = (index: number, label: string, name: string) => {
    const id = siblings[index];
    return id && html`<a href="${threadUrl(threadId, id)}" aria-label="${name}">${label}</a>`;
  };
  return html`<p class="branches">${link(at - 1, '‹ Previous', 'Previous branch')} <span>Branch ${at + 1} of ${siblings.length}</span> ${link(at + 1, 'Next ›', 'Next branch')}</p>`;
}

/** The branch through `through`; one that is not of this thread is refused beside the newest branch. */
async function showBranch(deps: WebDeps, req: ConsoleRequest, threadId: string, through: string | undefined) {
  try {
    const shown = await readably(() =>
      deps.showBranch(req.principal, threadId, messageIdOf(through, 'through')),
    );
    return { shown, refused: undefined };
  } catch (thrown) {
    if (!(thrown instanceof InvalidInput)) throw thrown;
    const refused = {
      status: 400,
      message: 'That branch is not a branch of this thread: the newest is shown.',
    };
    return { shown: await deps.showBranch(req.principal, threadId), refused };
  }
}

/** The chat page: a thread's branch as messages, the forms that send, edit and regenerate, the answer live. */
export function chatConsole(router: Router, deps: WebDeps): void {
  const render = async (
    ctx: Context,
    req: ConsoleRequest,
    threadId: string,
    extras: { error?: FormRefusal; through?: string | undefined } = {},
  ) => {
    const thread = await deps.getThread(req.principal, threadId);
    // What the page shows besides the thread, asked at once (each query checks access as its API route does).
    const [{ agent }, view, branch, active] = await Promise.all([
      deps.getAgent(req.principal, thread.agentId),
      workspaceOf(deps, req, thread.workspaceId),
      showBranch(deps, req, thread.id, extras.through),
      deps.activeThreadRun(req.principal, thread.id),
    ]);
    const { shown, refused } = branch;
    const error = extras.error ?? refused;
    const { messages, siblings } = shown;
    const last = messages.at(-1);
    const items = messages.map((message, index) => {
      const next = messages[index + 1];
      const asked = messages.find((m) => m.role === 'user' && m.runId === message.runId);
      const regenerate =
        message.role === 'assistant' && next?.runId !== message.runId && asked && asked.parentId !== null
          ? chatForm(
              req,
              thread.id,
              asked.parentId,
              'Regenerate',
              html`<input type="hidden" name="content" value="${asked.content}">`,
            )
          : undefined;
      const edit =
        message.role === 'user' && message.parentId !== null
          ? html`<details><summary>Edit</summary>${chatForm(req, thread.id, message.parentId, 'Send as a new branch', textArea({ name: 'content', label: 'Edited message', value: message.content, required: true, id: `edit-${message.id}` }))}</details>`
          : undefined;
      const who = message.role === 'user' ? 'Message' : message.role === 'tool' ? 'Tool result' : agent.name;
      const calls = (message.toolCalls ?? []).map((call) => call.name).join(', ');
      return html`<li class="message ${message.role}"><p><strong>${who}</strong> <span class="muted">${formatTime(message.createdAt)}</span></p>
${message.content !== '' && html`<pre>${message.role === 'tool' && message.content.length > 500 ? `${message.content.slice(0, 499)}…` : message.content}</pre>`}
${calls && html`<p class="muted">Called ${calls}</p>`}
${branchSwitch(thread.id, message, siblings.get(message.id) ?? [])}${edit}${regenerate}</li>`;
    });
    const done = threadUrl(thread.id, last?.id);
    const answer =
      active &&
      html`<section class="card" aria-labelledby="answer-title"><h2 id="answer-title">The agent is answering</h2>
<pre id="answer-text" aria-live="polite" data-stream="/console/threads/${thread.id}/stream" data-done="${done}"></pre>
<noscript><p><a href="/console/threads/${thread.id}/answer${last ? `?through=${last.id}` : ''}">Follow the answer as it is written</a>, or <a href="${done}">refresh</a> once it is done.</p></noscript>
</section>`;
    const body = html`<section class="card"><h1>Thread with <a href="/console/agents/${agent.id}">${agent.name}</a></h1>
<p class="muted">Started ${formatTime(thread.createdAt)}.</p>
${messages.length === 0 ? html`<p class="muted">No messages yet: send the first.</p>` : html`<ol class="chat">${items}</ol>`}
</section>
${answer}
<section class="card"><h2>Send a message</h2>
${chatForm(req, thread.id, last?.id ?? null, 'Send', textArea({ name: 'content', label: 'Message', value: error ? req.form?.content : '', required: true }))}
</section>
${curlBox(
  curl('POST', `/api/threads/${thread.id}/messages`, {
    content: 'Hello',
    ...(last && { parent_id: last.id }),
  }),
  `curl -sN "$API/api/threads/${thread.id}/stream" -H "Authorization: Bearer $TOKEN"`,
  curl('GET', `/api/threads/${thread.id}/messages${last ? `?leaf=${last.id}` : ''}`),
)}
${CHAT_SCRIPT}`;
    allowScripts(ctx, [CHAT_SCRIPT_HASH]);
    sendConsolePage(ctx, req, { title: `Thread with ${agent.name}`, workspace: view.workspace, error }, body);
  };

  consolePageRoute(router, deps, '/console/threads/:thread', (ctx, req) =>
    render(ctx, req, ctx.params.thread as string, { through: ctx.query.through as string | undefined }),
  );

  consoleFormRoute(
    router,
    deps,
    '/console/threads/:thread/messages',
    async (ctx, req) => {
      const threadId = ctx.params.thread as string;
      const content = req.form.content ?? '';
      if (content.trim() === '') throw new InvalidInput('write a message first');
      const parent = messageIdOf(req.form.parent_id, 'parent_id');
      const sent = await readably(() =>
        deps.sendMessage(req.principal, threadId, { content, ...(parent && { parent_id: parent }) }),
      );
      const through = sent.message.id;
      seeOther(
        ctx,
        req.form.js === '1'
          ? threadUrl(threadId, through)
          : `/console/threads/${threadId}/answer?through=${through}`,
      );
    },
    (ctx, req, error) =>
      render(ctx, req, ctx.params.thread as string, { error, through: req.form.parent_id || undefined }),
  );
}
