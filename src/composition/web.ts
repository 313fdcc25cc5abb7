import type { Middleware } from 'koa';
import { lazyMiddleware } from '../adapters/platform/http/lazy-middleware.ts';
import { CachedGraphLayout } from '../adapters/web/graph/cached-graph-layout.ts';
import { ElkGraphLayout } from '../adapters/web/graph/elk-graph-layout.ts';
import { type GetHome, makeGetHome } from '../application/web/get-home.ts';
import type { GraphLayout } from '../application/web/ports/graph-layout.ts';
import type { Area } from './area.ts';
import type { ThroughExports } from './exports.ts';
import { registrar } from './registration.ts';

/** The web application: cookie sessions and server-rendered pages, a second driving adapter. */
export interface WebCradle {
  publicOrigin: string;
  getHome: GetHome;
  /** Blueprint graphs' positions for the console's drawings (placements of recent graphs kept). */
  graphLayout: GraphLayout;
  /**
   * The pages, served by the HTTP app beside the API. Their modules (some 60 files and what they import, about
   * 3 MB of the idle resident set) load on the first request the API does not own.
   */
  webSurface: Middleware;
}

export type ThroughWeb = ThroughExports & WebCradle;

const { singleton, value } = registrar<ThroughWeb>();

export const web: Area<WebCradle, ThroughWeb> = {
  name: 'web',
  register: ({ config }) => ({
    publicOrigin: value(new URL(config.publicUrl).origin),
    getHome: singleton(makeGetHome),
    graphLayout: value(new CachedGraphLayout(new ElkGraphLayout(), 100)),
    webSurface: singleton((deps) =>
      lazyMiddleware(async () => (await import('../adapters/web/web-surface.ts')).webSurface(deps)),
    ),
  }),
};
