import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { FormFields } from '../form-body.ts';
import type { SafeHtml } from '../html.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, consoleGet, consolePost, formError, sendConsole } from './console-context.ts';
import { type ConsolePage, consoleLayout } from './kit.ts';

/** A refused form's message and status, shown beside the form. */
export interface FormRefusal {
  readonly status: number;
  readonly message: string;
}

type Posted = ConsoleRequest & { form: FormFields };

/** Sends a console page in the console's layout, with the status of the refused form it shows (200 without). */
export function sendConsolePage(
  ctx: Context,
  req: ConsoleRequest,
  page: Omit<ConsolePage, 'viewer' | 'error'> & { readonly error?: FormRefusal | undefined },
  body: SafeHtml,
): void {
  sendConsole(
    ctx,
    consoleLayout({ ...page, viewer: req.viewer, error: page.error?.message }, body),
    page.error?.status,
  );
}

/** GET `path`: the page of the signed-in person (anyone else is sent to the sign-in form). */
export function consolePageRoute(
  router: Router,
  deps: WebDeps,
  path: string,
  render: (ctx: Context, req: ConsoleRequest) => Promise<void>,
): void {
  router.get(path, async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (req) await render(ctx, req);
  });
}

/** POST `path`: a form that `act`s, or, refused (bad input, a conflict), shows its page again with why. */
export function consoleFormRoute(
  router: Router,
  deps: WebDeps,
  path: string,
  act: (ctx: Context, req: Posted) => Promise<void>,
  refused: (ctx: Context, req: Posted, error: FormRefusal) => Promise<void>,
): void {
  router.post(path, async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    try {
      await act(ctx, req);
    } catch (error) {
      await refused(ctx, req, formError(error));
    }
  });
}

/** POST `path`: one button's action (revoke, delete), then back to the page `act` names. */
export function consoleActionRoute(
  router: Router,
  deps: WebDeps,
  path: string,
  act: (ctx: Context, req: Posted) => Promise<string>,
): void {
  router.post(path, async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (req) seeOther(ctx, await act(ctx, req));
  });
}

/** A workspace's page (GET `path`, `:id` the workspace) and its form (POST `formPath`, `path` unless named). */
export function workspacePageRoutes(
  router: Router,
  deps: WebDeps,
  routes: {
    readonly path: string;
    readonly formPath?: string;
    readonly render: (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => Promise<void>;
    readonly submit: (ctx: Context, req: Posted, id: string) => Promise<void>;
  },
): void {
  const idOf = (ctx: Context) => ctx.params.id as string;
  consolePageRoute(router, deps, routes.path, (ctx, req) => routes.render(ctx, req, idOf(ctx)));
  consoleFormRoute(
    router,
    deps,
    routes.formPath ?? routes.path,
    (ctx, req) => routes.submit(ctx, req, idOf(ctx)),
    (ctx, req, error) => routes.render(ctx, req, idOf(ctx), error),
  );
}

/**
 * The page of one thing (GET `path`, its id the path's last `:param`) and the forms posted under it (POST
 * `path/<name>`), each of which, refused, shows the page again with why.
 */
export function itemPageRoutes(
  router: Router,
  deps: WebDeps,
  routes: {
    readonly path: string;
    readonly page: (ctx: Context, req: ConsoleRequest, id: string) => Promise<void>;
    readonly refused: (ctx: Context, req: Posted, id: string, error: FormRefusal) => Promise<void>;
    readonly forms: Readonly<Record<string, (ctx: Context, req: Posted, id: string) => Promise<void>>>;
  },
): void {
  const param = routes.path.slice(routes.path.lastIndexOf(':') + 1);
  const idOf = (ctx: Context) => ctx.params[param] as string;
  consolePageRoute(router, deps, routes.path, (ctx, req) => routes.page(ctx, req, idOf(ctx)));
  for (const [name, act] of Object.entries(routes.forms)) {
    consoleFormRoute(
      router,
      deps,
      `${routes.path}/${name}`,
      (ctx, req) => act(ctx, req, idOf(ctx)),
      (ctx, req, error) => routes.refused(ctx, req, idOf(ctx), error),
    );
  }
}
