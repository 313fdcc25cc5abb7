import { createRequire } from 'node:module';
import type * as KoaRouter from '@koa/router';

/**
 * @koa/router's CommonJS build. Its ES module build imports `http` as an ES module, whose facade reads
 * `http.WebSocket`, a getter that loads Node's fetch (undici, some 17 MB resident) at start (see node-http.ts).
 */
export const { Router } = createRequire(import.meta.url)('@koa/router') as typeof KoaRouter;
export type Router = KoaRouter.Router;
