import type { Middleware } from 'koa';
import { webSurface } from '../adapters/web/web-surface.ts';
import { type GetHome, makeGetHome } from '../application/web/get-home.ts';
import type { Area } from './area.ts';
import type { ThroughExports } from './exports.ts';
import { registrar } from './registration.ts';

/** The web application: cookie sessions and server-rendered pages, a second driving adapter. */
export interface WebCradle {
  publicOrigin: string;
  getHome: GetHome;
  /** The pages, served by the HTTP app beside the API. */
  webSurface: Middleware;
}

export type ThroughWeb = ThroughExports & WebCradle;

const { singleton, value } = registrar<ThroughWeb>();

export const web: Area<WebCradle, ThroughWeb> = {
  name: 'web',
  register: ({ config }) => ({
    publicOrigin: value(new URL(config.publicUrl).origin),
    getHome: singleton(makeGetHome),
    webSurface: singleton(webSurface),
  }),
};
