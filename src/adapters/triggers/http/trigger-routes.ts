import type { CreateTrigger } from '../../../application/triggers/create-trigger.ts';
import type { DeleteTrigger } from '../../../application/triggers/delete-trigger.ts';
import type { GetTrigger } from '../../../application/triggers/get-trigger.ts';
import type { ListTriggers } from '../../../application/triggers/list-triggers.ts';
import type { RevokePreviousTriggerSecret } from '../../../application/triggers/revoke-previous-trigger-secret.ts';
import type { RotateTriggerSecret } from '../../../application/triggers/rotate-trigger-secret.ts';
import type { UpdateTrigger } from '../../../application/triggers/update-trigger.ts';
import type { ThroughTriggers } from '../../../composition/triggers.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { camelCased, listFilterOf } from '../../platform/http/request-input.ts';
import { created, noStore, ok } from '../../platform/http/respond.ts';
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

export interface TriggerRouteDeps {
  createTrigger: CreateTrigger;
  listTriggers: ListTriggers;
  getTrigger: GetTrigger;
  updateTrigger: UpdateTrigger;
  deleteTrigger: DeleteTrigger;
  rotateTriggerSecret: RotateTriggerSecret;
  revokePreviousTriggerSecret: RevokePreviousTriggerSecret;
  config: { readonly publicUrl: string };
}

export function triggerRoutes(deps: ThroughTriggers): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.integrations);
  const present = (t: Trigger) => presentTrigger(t, deps.config.publicUrl);
  const presentWithSecret = (t: Trigger) => presentTriggerWithSecret(t, deps.config.publicUrl);
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
      errors: [403, 404],
      responses: { 201: { description: 'The trigger, with its signing secret.', schema: triggerWithSecret } },
      handler: async (ctx, { principal, body }) => {
        const trigger = await deps.createTrigger(principal, camelCased(body));
        noStore(ctx);
        created(ctx, presentWithSecret(trigger), `/api/triggers/${trigger.id}`);
      },
    }),
    bearer.get('/api/triggers', {
      operationId: 'listTriggers',
      summary: "A workspace's webhook triggers",
      description:
        'Any member of the workspace; `mission_id` narrows the list to one mission. Never shows secrets.',
      query: listTriggersQuery,
      errors: [404],
      responses: { 200: { description: 'Oldest first.', schema: page(trigger) } },
      handler: async (ctx, { principal, query }) => {
        const triggers = await deps.listTriggers(principal, listFilterOf(query), pageRequestOf(query));
        ok(ctx, presentPage(triggers, present));
      },
    }),
    bearer.get('/api/triggers/{id}', {
      operationId: 'getTrigger',
      summary: 'A webhook trigger (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      params: idParams,
      responses: { 200: { description: 'The trigger.', schema: trigger } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, present(await deps.getTrigger(principal, params.id))),
    }),
    bearer.patch('/api/triggers/{id}', {
      operationId: 'updateTrigger',
      summary: 'Rename, enable or disable a trigger, or change its limits',
      description: 'Admins and owners. A disabled trigger answers 404 to deliveries, like an unknown path.',
      params: idParams,
      body: updateTriggerRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The changed trigger.', schema: trigger } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, present(await deps.updateTrigger(principal, params.id, camelCased(body)))),
    }),
    bearer.delete('/api/triggers/{id}', {
      operationId: 'deleteTrigger',
      summary: 'Delete a trigger',
      description: 'Its URL answers 404 from now on and its path is never reused; its runs stay.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteTrigger(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.post('/api/triggers/{id}/rotate-secret', {
      operationId: 'rotateTriggerSecret',
      summary: 'Give a trigger a new signing secret',
      description:
        'The new secret (generated, or the `signing_secret` supplied from the provider) is in the answer (only ' +
        'there). The replaced one keeps verifying for `grace_seconds` (default one day), so senders can switch ' +
        'without losing deliveries.',
      params: idParams,
      body: rotateSecretRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The trigger, with its new secret.', schema: triggerWithSecret } },
      handler: async (ctx, { principal, params, body }) => {
        const rotated = await deps.rotateTriggerSecret(principal, params.id, camelCased(body));
        noStore(ctx);
        ok(ctx, presentWithSecret(rotated));
      },
    }),
    bearer.post('/api/triggers/{id}/revoke-previous-secret', {
      operationId: 'revokePreviousTriggerSecret',
      summary: 'End the grace of the replaced signing secret now',
      description:
        'Admins and owners: from now on only the current secret verifies (after a leak, or once senders switched).',
      params: idParams,
      errors: [403, 409],
      responses: { 200: { description: 'The trigger.', schema: trigger } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, present(await deps.revokePreviousTriggerSecret(principal, params.id))),
    }),
  ];
}
