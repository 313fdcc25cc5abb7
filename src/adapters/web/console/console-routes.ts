import type { Router } from '@koa/router';
import { NotFound } from '../../../domain/kernel/errors.ts';
import type { WebDeps } from '../web-context.ts';
import { agentConsole } from './agent-console.ts';
import { approvalConsole } from './approval-console.ts';
import { blueprintConsole } from './blueprint-console.ts';
import { answerRoutes } from './chat-answer.ts';
import { chatConsole } from './chat-console.ts';
import { UUID } from './console-context.ts';
import { datasetConsole } from './dataset-console.ts';
import { deliveryConsole } from './delivery-console.ts';
import { endpointConsole } from './endpoint-console.ts';
import { evaluationConsole } from './evaluation-console.ts';
import { fileConsole } from './file-console.ts';
import { keyConsole } from './key-console.ts';
import { knowledgeConsole } from './knowledge-console.ts';
import { missionConsole } from './mission-console.ts';
import { providerConsole } from './provider-console.ts';
import { runConsole } from './run-console.ts';
import { runPage } from './run-page.ts';
import { workspaceConsole } from './workspace-console.ts';

/**
 * The console: the platform itself in the browser, each page through the same use cases as the API (so
 * checked and audited alike), signed in with the browser session, every form under the session's CSRF token.
 */
export function consoleRoutes(router: Router, deps: WebDeps): void {
  // An id in a console path that is no UUID names nothing: the page is not found (never a database error).
  for (const name of [
    'id',
    'invitation',
    'key',
    'account',
    'run',
    'mission',
    'trigger',
    'schedule',
    'blueprint',
    'approval',
    'agent',
    'thread',
    'dataset',
    'evaluation',
    'delivery',
    'endpoint',
    'message',
    'file',
    'base',
    'document',
  ]) {
    router.param(name, (value, _ctx, next) => {
      if (!UUID.test(value)) throw new NotFound('this page');
      return next();
    });
  }
  workspaceConsole(router, deps);
  keyConsole(router, deps);
  providerConsole(router, deps);
  runConsole(router, deps);
  missionConsole(router, deps);
  blueprintConsole(router, deps);
  approvalConsole(router, deps);
  runPage(router, deps);
  agentConsole(router, deps);
  chatConsole(router, deps);
  answerRoutes(router, deps);
  datasetConsole(router, deps);
  evaluationConsole(router, deps);
  deliveryConsole(router, deps);
  endpointConsole(router, deps);
  fileConsole(router, deps);
  knowledgeConsole(router, deps);
}
