import type { TestApp } from './test-app.ts';

/**
 * A browser-like HTTP client for the web pages: keeps cookies, never follows redirects, and posts forms with
 * the app's own Origin unless told otherwise (`origin: null` sends none).
 */
export class FormClient {
  readonly app: TestApp;
  readonly cookies = new Map<string, string>();

  constructor(app: TestApp) {
    this.app = app;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.#send(path, { method: 'GET', headers });
  }

  async post(
    path: string,
    fields: Record<string, string>,
    options: { origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const origin = options.origin === undefined ? this.app.baseUrl : options.origin;
    return this.#send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin === null ? {} : { origin }),
        ...options.headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Loads the sign-in form and submits it; the response is the POST's. */
  async signIn(login: string, password: string): Promise<Response> {
    const form = await this.get('/login');
    return this.post('/login', { _csrf: csrfTokenIn(await form.text()), username_or_email: login, password });
  }

  /** The CSRF token of the signed-in pages (read from the home page). */
  async csrfToken(): Promise<string> {
    return csrfTokenIn(await (await this.get('/')).text());
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const response = await this.app.request(path, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1));
    }
    return response;
  }
}

export function csrfTokenIn(page: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error(`no CSRF token in the page:\n${page.slice(0, 500)}`);
  return match[1];
}

/** A client per person, each signed in through the sign-in form, and `anonymous`, signed in as no one. */
export async function signedInClients<K extends string>(
  app: TestApp,
  people: Record<K, { readonly username: string; readonly password: string }>,
): Promise<Record<K | 'anonymous', FormClient>> {
  const clients = { anonymous: new FormClient(app) } as Record<K | 'anonymous', FormClient>;
  for (const [name, person] of Object.entries(people) as [K, { username: string; password: string }][]) {
    clients[name] = new FormClient(app);
    const answer = await clients[name].signIn(person.username, person.password);
    if (answer.status !== 303) throw new Error(`${name} could not sign in: ${answer.status}`);
  }
  return clients;
}
