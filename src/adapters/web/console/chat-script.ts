import { createHash } from 'node:crypto';
import { SafeHtml } from '../html.ts';

/**
 * The chat page's only script, run under the page's CSP by its hash. It marks the page's forms as sent from a
 * page that runs scripts (so a send comes back to this page rather than to the streamed answer page), and,
 * while the agent answers, writes the answer's text as it arrives from the thread's event stream (as text:
 * never markup), then reloads the page for the answer as stored. Without it the page works as well: the
 * send shows the answer streamed as HTML instead.
 */
const SOURCE = `(() => {
  for (const input of document.querySelectorAll('input[name="js"]')) input.value = '1';
  const out = document.getElementById('answer-text');
  if (!out) return;
  const done = () => location.replace(out.dataset.done);
  const source = new EventSource(out.dataset.stream);
  source.addEventListener('message.delta', (event) => {
    const text = JSON.parse(event.data).data?.text;
    if (typeof text === 'string') out.textContent += text;
  });
  source.addEventListener('end', () => {
    source.close();
    done();
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) done();
  });
})();`;

/** The script's hash for the page's Content-Security-Policy. */
export const CHAT_SCRIPT_HASH = createHash('sha256').update(SOURCE).digest('base64');

/** The script element, written once at the end of the chat page. */
export const CHAT_SCRIPT = new SafeHtml(`<script>${SOURCE}</script>`);
