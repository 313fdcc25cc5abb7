// The usual answers of routes, imported as a namespace: `...answer.one(view, 'The mission.', onId(deps.getMission))`.
import type { Context } from 'koa';
import type { Page, PagePosition, PageRequest } from '../../../application/kernel/ports/page.ts';
import { page as pageOf } from './common-schemas.ts';
import { pageRequestOf, presentPage, presentPageWithin } from './pagination.ts';
import { noStore, ok, created as respondCreated } from './respond.ts';
import type { JsonSchema, ResponseSpec } from './route.ts';

/** A resource as answers show it: its JSON schema and the presenter that makes it. */
export interface View<T> {
  readonly schema: JsonSchema;
  readonly present: (item: T) => unknown;
  /** It shows a credential (a key, a signing secret): no cache may keep an answer that carries it. */
  readonly credential?: boolean;
}

function show<T>(ctx: Context, view: View<T>, item: T): unknown {
  if (view.credential) noStore(ctx);
  return view.present(item);
}

/**
 * The `responses` and `handler` of a route whose answer is the usual one for what its use case returns,
 * spread into the route's declaration: the declared response and the handler cannot disagree.
 */
export interface Answer<I> {
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  readonly handler: (ctx: Context, input: I) => Promise<void>;
}

/** The use case call; `ctx` for what a handler reads beside the validated input (the caller's address). */
type Act<I, T> = (input: I, ctx: Context) => Promise<T>;

/** 200 with the resource the use case returns (it read, changed or acted on it). */
export function one<I, T>(view: View<T>, description: string, act: Act<I, T>): Answer<I> {
  return {
    responses: { 200: { description, schema: view.schema } },
    handler: async (ctx, input) => ok(ctx, show(ctx, view, await act(input, ctx))),
  };
}

/** 201 with the new resource; `located` adds its address as `Location` (declared by `response`). */
export function created<I, T>(
  view: View<T>,
  response: string | Omit<ResponseSpec, 'schema'>,
  act: Act<I, T>,
  located?: (item: T) => string,
): Answer<I> {
  const { description, headers } = typeof response === 'string' ? { description: response } : response;
  return {
    responses: { 201: { description, schema: view.schema, ...(headers && { headers }) } },
    handler: async (ctx, input) => {
      const item = await act(input, ctx);
      respondCreated(ctx, show(ctx, view, item), located?.(item));
    },
  };
}

/** 204: done, nothing to show. */
export function nothing<I>(description: string, act: Act<I, unknown>): Answer<I> {
  return {
    responses: { 204: { description } },
    handler: async (ctx, input) => {
      await act(input, ctx);
      ctx.status = 204;
    },
  };
}

type PageAct<I, T> = (input: I, page: PageRequest) => Promise<Page<T>>;
type PageInput = { query: Record<string, unknown> };

/** 200 with the page of resources that `?limit=` and `?cursor=` ask for. */
export function page<I extends PageInput, T>(view: View<T>, description: string, act: PageAct<I, T>) {
  return paged(view, description, act, (page) => presentPage(page, view.present));
}

/** {@link page} for resources that may be large: the page ends within its JSON budget. */
export function budgetedPage<I extends PageInput, T extends PagePosition>(
  view: View<T>,
  description: string,
  act: PageAct<I, T>,
) {
  return paged(view, description, act, (page) => presentPageWithin(page, view.present, (item) => item));
}

function paged<I extends PageInput, T>(
  view: View<T>,
  description: string,
  act: PageAct<I, T>,
  present: (page: Page<T>) => unknown,
): Answer<I> {
  return {
    responses: { 200: { description, schema: pageOf(view.schema) } },
    handler: async (ctx, input) => ok(ctx, present(await act(input, pageRequestOf(input.query)))),
  };
}
