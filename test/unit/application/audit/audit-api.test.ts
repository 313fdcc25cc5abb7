import { expect } from 'chai';
import { ApiKeyNotAllowed } from '../../../../src/domain/kernel/api-key-not-allowed.ts';
import { Forbidden, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

describe('audit API use cases', () => {
  async function setup() {
    const app = await useCases();
    const cast = await team(app, { shared: 'Audited' });
    return { app, ...cast };
  }

  it('records every change to a workspace in its log, newest first, with actor and target, and no secret', async () => {
    const { app, ada, bob, cyd, workspaceId } = await setup();
    app.clock.advance(1);
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'm' });
    app.clock.advance(1);
    const trigger = await app.createTrigger(bob.principal, {
      missionId: mission.id,
      name: 'hook',
      signingSecret: 'provider-secret-0123456789',
    });
    app.clock.advance(1);
    await app.updateTrigger(bob.principal, trigger.id, { name: 'renamed' });
    app.clock.advance(1);
    await app.rotateTriggerSecret(bob.principal, trigger.id, { signingSecret: 'rotated-secret-0123456789' });
    app.clock.advance(1);
    await app.revokePreviousTriggerSecret(bob.principal, trigger.id);
    app.clock.advance(1);
    await app.deleteTrigger(bob.principal, trigger.id);
    app.clock.advance(1);
    const endpoint = await app.createWebhookEndpoint(bob.principal, workspaceId, {
      url: 'https://receiver.example/hooks?token=url-token',
      eventTypes: ['run.succeeded'],
    });
    app.clock.advance(1);
    await app.updateWebhookEndpoint(bob.principal, endpoint.id, { description: 'd' });
    app.clock.advance(1);
    await app.rotateWebhookEndpointSecret(bob.principal, endpoint.id);
    app.clock.advance(1);
    await app.deleteWebhookEndpoint(bob.principal, endpoint.id);
    app.clock.advance(1);
    const { apiKey, key } = await app.createApiKey(
      bob.principal,
      workspaceId,
      { name: 'k', role: 'admin', expiresAt: null },
      '192.0.2.1',
    );
    const keyPrincipal = await app.authenticateApiKey(key);
    app.clock.advance(1);
    await app.revokeApiKey(keyPrincipal, workspaceId, apiKey.id, '192.0.2.2');
    app.clock.advance(1);
    await app.changeMemberRole(ada.principal, workspaceId, cyd.user.id, 'admin');
    app.clock.advance(1);
    await app.removeMember(ada.principal, workspaceId, cyd.user.id);
    app.clock.advance(1);
    const invitation = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'zed',
      role: 'member',
    });
    app.clock.advance(1);
    await app.revokeInvitation(ada.principal, workspaceId, invitation.id);
    app.clock.advance(1);
    await app.renameWorkspace(ada.principal, workspaceId, { name: 'Renamed' });

    const page = await app.listWorkspaceAuditEvents(bob.principal, workspaceId, {}, { limit: 200 });
    const types = page.items.map((event) => event.type).reverse();
    // The team's invitations and acceptances share a second each: their order within it is the ids'.
    expect(types.slice(0, 4)).to.have.members([
      'invitation_created',
      'member_joined',
      'invitation_created',
      'member_joined',
    ]);
    expect(types.slice(4)).to.deep.equal([
      'mission_created',
      'trigger_created',
      'trigger_updated',
      'trigger_secret_rotated',
      'trigger_previous_secret_revoked',
      'trigger_deleted',
      'webhook_endpoint_created',
      'webhook_endpoint_updated',
      'webhook_endpoint_secret_rotated',
      'webhook_endpoint_deleted',
      'api_key_created',
      'api_key_revoked',
      'member_role_changed',
      'member_removed',
      'invitation_created',
      'invitation_revoked',
      'workspace_renamed',
    ]);
    const byType = (type: string) => page.items.find((event) => event.type === type);
    expect(byType('trigger_created')).to.deep.include({
      userId: bob.user.id,
      sessionId: bob.principal.sessionId,
      apiKeyId: null,
      target: { type: 'trigger', id: trigger.id },
    });
    expect(byType('trigger_updated')?.details).to.deep.equal({ fields: 'name' });
    expect(byType('api_key_revoked')).to.deep.include({ userId: null, apiKeyId: keyPrincipal.apiKeyId });
    expect(byType('member_role_changed')).to.deep.include({
      target: { type: 'member', id: cyd.user.id },
      details: { role: 'admin' },
    });
    const stored = JSON.stringify(app.auditLog.events);
    for (const secret of [
      'provider-secret-0123456789',
      'rotated-secret-0123456789',
      endpoint.signingSecret,
      'url-token',
      key,
      trigger.webhookPath,
    ]) {
      expect(stored.includes(secret), `a secret of ${secret.length} characters was stored`).to.equal(false);
    }

    const filtered = await app.listWorkspaceAuditEvents(
      ada.principal,
      workspaceId,
      { targetType: 'trigger', targetId: trigger.id, actorId: bob.user.id },
      { limit: 2 },
    );
    expect(filtered.items.map((event) => event.type)).to.deep.equal([
      'trigger_deleted',
      'trigger_previous_secret_revoked',
    ]);
    expect(filtered.next).to.not.equal(null);
  });

  it('is for owners and admins (an admin key too): a member is Forbidden, an outsider finds no workspace', async () => {
    const { app, ada, cyd, eve, workspaceId } = await setup();
    expect(
      await fail(app.listWorkspaceAuditEvents(cyd.principal, workspaceId, {}, { limit: 5 })),
    ).to.be.instanceOf(Forbidden);
    expect(
      await fail(app.listWorkspaceAuditEvents(eve.principal, workspaceId, {}, { limit: 5 })),
    ).to.be.instanceOf(NotFound);
    const { key } = await app.createApiKey(
      ada.principal,
      workspaceId,
      { name: 'k', role: 'admin', expiresAt: null },
      'ip',
    );
    const keyPrincipal = await app.authenticateApiKey(key);
    expect((await app.listWorkspaceAuditEvents(keyPrincipal, workspaceId, {}, { limit: 5 })).items).to.not.be
      .empty;
  });

  it("lists a person's own events; an API key has none to list", async () => {
    const { app, ada, workspaceId } = await setup();
    const own = await app.listOwnAuditEvents(ada.principal, {}, { limit: 50 });
    expect(own.items.map((event) => event.type)).to.include.members(['user_created', 'invitation_created']);
    expect(own.items.every((event) => event.userId === ada.user.id)).to.equal(true);
    const { key } = await app.createApiKey(
      ada.principal,
      workspaceId,
      { name: 'k', role: 'admin', expiresAt: null },
      'ip',
    );
    const keyPrincipal = await app.authenticateApiKey(key);
    expect(await fail(app.listOwnAuditEvents(keyPrincipal, {}, { limit: 5 }))).to.be.instanceOf(
      ApiKeyNotAllowed,
    );
  });
});
