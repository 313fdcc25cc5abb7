import type { ThroughTriggers } from '../../../composition/triggers.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import * as answer from '../../platform/http/answers.ts';
import { camelCased, listFilterOf, onId, onIdWith } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentTrigger, presentTriggerWithSecret } from './trigger-presenters.ts';
import {
  createTriggerRequest,
  listTriggersQuery,
  rotateSecretRequest,
  trigger,
  triggerWithSecret,
  updateTriggerRequest,
} from './trigger-schemas.ts';

export function triggerRoutes(deps: ThroughTriggers): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.integrations);
  const shown: answer.View<Trigger> = {
    schema: trigger,
    present: (t) => presentTrigger(t, deps.config.publicUrl),
  };
  const withSecret: answer.View<Trigger> = {
    schema: triggerWithSecret,
    present: (t) => presentTriggerWithSecret(t, deps.config.publicUrl),
    credential: true,
  };
  return [
    bearer.post('/api/triggers', {
      operationId: 'createTrigger',
      summary: 'Create a webhook trigger for a mission',
      description:
        'Admins and owners of the mission workspace. The answer carries the `signing_secret`, shown only here ' +
        'and in rotation answers. A `webhook_path` asked for is a prefix: the server adds `-` and 128 random bits, ' +
        'so no answer tells whether another trigger (of any workspace, deleted or not) uses a path. ' +
        '`signature_scheme` (fixed at creation) says how senders sign: the platform `X-Signature`, or a ' +
        "provider's own scheme, whose secret the provider generates and the caller supplies as `signing_secret`.",
      body: createTriggerRequest,
      // 409 `quota_exceeded` past QUOTA_TRIGGERS (limit `triggers`).
      errors: [403, 404, 409],
      ...answer.created(
        withSecret,
        'The trigger, with its signing secret.',
        ({ principal, body }) => deps.createTrigger(principal, camelCased(body)),
        (created) => `/api/triggers/${created.id}`,
      ),
    }),
    bearer.get('/api/triggers', {
      operationId: 'listTriggers',
      summary: "A workspace's webhook triggers",
      description:
        'Any member of the workspace; `mission_id` narrows the list to one mission. Never shows secrets.',
      query: listTriggersQuery,
      errors: [404],
      ...answer.page(shown, 'Oldest first.', ({ principal, query }, page) =>
        deps.listTriggers(principal, listFilterOf(query), page),
      ),
    }),
    bearer.get('/api/triggers/{id}', {
      operationId: 'getTrigger',
      summary: 'A webhook trigger (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      ...answer.one(shown, 'The trigger.', onId(deps.getTrigger)),
    }),
    bearer.patch('/api/triggers/{id}', {
      operationId: 'updateTrigger',
      summary: 'Rename, enable or disable a trigger, or change its limits',
      description: 'Admins and owners. A disabled trigger answers 404 to deliveries, like an unknown path.',
      body: updateTriggerRequest,
      errors: [403, 409],
      ...answer.one(shown, 'The changed trigger.', onIdWith(deps.updateTrigger)),
    }),
    bearer.delete('/api/triggers/{id}', {
      operationId: 'deleteTrigger',
      summary: 'Delete a trigger',
      description: 'Its URL answers 404 from now on and its path is never reused; its runs stay.',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteTrigger)),
    }),
    bearer.post('/api/triggers/{id}/rotate-secret', {
      operationId: 'rotateTriggerSecret',
      summary: 'Give a trigger a new signing secret',
      description:
        'The new secret (generated, or the `signing_secret` supplied from the provider) is in the answer (only ' +
        'there). The replaced one keeps verifying for `grace_seconds` (default one day), so senders can switch ' +
        'without losing deliveries.',
      body: rotateSecretRequest,
      errors: [403, 409],
      ...answer.one(withSecret, 'The trigger, with its new secret.', onIdWith(deps.rotateTriggerSecret)),
    }),
    bearer.post('/api/triggers/{id}/revoke-previous-secret', {
      operationId: 'revokePreviousTriggerSecret',
      summary: 'End the grace of the replaced signing secret now',
      description:
        'Admins and owners: from now on only the current secret verifies (after a leak, or once senders switched).',
      errors: [403, 409],
      ...answer.one(shown, 'The trigger.', onId(deps.revokePreviousTriggerSecret)),
    }),
  ];
}
