import type { RetentionView } from '../../../application/workspaces/get-retention.ts';
import type { ThroughWorkspaces } from '../../../composition/workspaces.ts';
import type { WorkspaceRetention } from '../../../domain/kernel/retention.ts';
import * as answer from '../../platform/http/answers.ts';
import { onId } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { retention, updateRetentionRequest } from './retention-schemas.ts';

export function retentionRoutes(deps: ThroughWorkspaces): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  const shown: answer.View<RetentionView> = { schema: retention, present: (view) => view };
  return [
    bearer.get('/api/workspaces/{id}/retention', {
      operationId: 'getWorkspaceRetention',
      summary: "A workspace's retention (owners)",
      description:
        'How long finished rows of the workspace are kept, per kind: the instance defaults, the days the ' +
        'workspace set itself, and what applies. Admins and members get 403.',
      errors: [403],
      ...answer.one(shown, 'The retention.', onId(deps.getRetention)),
    }),
    bearer.put('/api/workspaces/{id}/retention', {
      operationId: 'updateWorkspaceRetention',
      summary: "Set a workspace's retention (owners)",
      description:
        "Replaces the workspace's own days: each kind may be shorter or longer than the instance's default, " +
        'from its minimum (1 day; 365 for the audit log) to 3650 days; absent or null follows the default. ' +
        'Audited `retention_updated`. Admins and members get 403.',
      body: updateRetentionRequest,
      errors: [403],
      ...answer.one(shown, 'The retention now.', ({ principal, params, body }) =>
        deps.updateRetention(principal, params.id, body as Partial<WorkspaceRetention>),
      ),
    }),
  ];
}
