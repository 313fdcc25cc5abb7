import { sandboxRoutes } from '../adapters/sandboxes/http/sandbox-routes.ts';
import { QuickJsSandbox } from '../adapters/sandboxes/quickjs/quickjs-sandbox.ts';
import type { Sandbox } from '../application/sandboxes/ports/sandbox.ts';
import { makeRunSandbox, type RunSandbox } from '../application/sandboxes/run-sandbox.ts';
import type { Area } from './area.ts';
import { registrar } from './registration.ts';
import type { ThroughWebhooks } from './webhooks.ts';

/** Sandboxes: user JavaScript run in QuickJS on worker threads (CONTRACT section 10), for people and `code` nodes. */
export interface SandboxesCradle {
  sandbox: Sandbox;
  runSandbox: RunSandbox;
}

export type ThroughSandboxes = ThroughWebhooks & SandboxesCradle;

const { singleton } = registrar<ThroughSandboxes>();

export const sandboxes: Area<SandboxesCradle, ThroughSandboxes> = {
  name: 'sandboxes',
  register: ({ config }) => ({
    sandbox: singleton(
      () => new QuickJsSandbox(config.sandbox),
      (sandbox) => (sandbox as QuickJsSandbox).close(),
    ),
    runSandbox: singleton(makeRunSandbox),
  }),
  routes: sandboxRoutes,
};
