import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';

describe('outbound webhook endpoints over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const owner = suiteWebhookOwner(app);

  const create = (body: object) =>
    api(app, owner.user, 'POST', `/api/workspaces/${owner.workspaceId}/webhook-endpoints`, body);

  it('creates an endpoint with its secret shown once, lists and reads it without, and changes it', async () => {
    const created = await create({
      url: 'https://receiver.example/in',
      event_types: ['run.failed', 'run.succeeded'],
      description: 'ops',
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.headers.get('location')).to.equal(`/api/webhook-endpoints/${created.body.id}`);
    expect(created.headers.get('cache-control')).to.equal('no-store');
    expect(created.body).to.deep.include({
      url: 'https://receiver.example/in',
      event_types: ['run.succeeded', 'run.failed'],
      description: 'ops',
      enabled: true,
      disabled_reason: null,
    });
    expect(Buffer.from(created.body.signing_secret.slice('whsec_'.length), 'base64')).to.have.lengthOf(32);

    const listed = await api(
      app,
      owner.user,
      'GET',
      `/api/workspaces/${owner.workspaceId}/webhook-endpoints`,
    );
    expect(listed.body.items.map((e: { id: string }) => e.id)).to.include(created.body.id);
    expect(JSON.stringify(listed.body)).not.to.include(created.body.signing_secret);
    const read = await api(app, owner.user, 'GET', `/api/webhook-endpoints/${created.body.id}`);
    expect(read.body).not.to.have.property('signing_secret');

    const patched = await api(app, owner.user, 'PATCH', `/api/webhook-endpoints/${created.body.id}`, {
      event_types: ['run.cancelled'],
      enabled: false,
    });
    expect(patched.body).to.deep.include({
      event_types: ['run.cancelled'],
      enabled: false,
      disabled_reason: 'by_user',
    });
  });

  it('rotates the secret with a 24 h overlap', async () => {
    const created = await create({ url: 'https://receiver.example/rotate', event_types: ['run.failed'] });
    const rotated = await api(
      app,
      owner.user,
      'POST',
      `/api/webhook-endpoints/${created.body.id}/rotate-secret`,
    );
    expect(rotated.status).to.equal(200);
    expect(rotated.body.signing_secret)
      .to.match(/^whsec_/)
      .and.not.equal(created.body.signing_secret);
    const overlap = Date.parse(rotated.body.previous_secret_expires_at) - Date.parse(rotated.body.updated_at);
    expect(overlap).to.equal(24 * 3600 * 1000);
  });

  it('records a message in the transaction that cancels a run, lists it with its attempts, and resends it', async () => {
    const created = await create({
      url: 'https://receiver.example/cancelled',
      event_types: ['run.cancelled'],
    });
    const run = await api(app, owner.user, 'POST', `/api/missions/${owner.missionId}/runs`, {});
    await api(app, owner.user, 'POST', `/api/runs/${run.body.id}/cancel`);
    const messages = await api(app, owner.user, 'GET', `/api/webhook-endpoints/${created.body.id}/messages`);
    expect(messages.status).to.equal(200);
    const [message] = messages.body.items;
    expect(message).to.deep.include({ event_type: 'run.cancelled', status: 'pending', attempts: [] });
    expect(message.webhook_id).to.equal(`msg_${message.id}`);
    expect(message.payload).to.deep.include({ type: 'run.cancelled' });
    expect(message.payload.data.run).to.deep.include({ id: run.body.id, status: 'cancelled' });
    const resent = await api(app, owner.user, 'POST', `/api/webhook-messages/${message.id}/resend`);
    expect(resent.status).to.equal(202);
    expect(resent.body).to.deep.include({ id: message.id, status: 'pending' });
  });

  it('refuses bad input with 400 and answers 404 once deleted', async () => {
    for (const body of [
      { url: 'ftp://receiver.example/', event_types: ['run.failed'] },
      { url: 'https://receiver.example/', event_types: [] },
      { url: 'https://receiver.example/', event_types: ['run.started'] },
      { url: 'https://receiver.example/', event_types: ['run.failed'], secret: 'mine' },
      { url: 'https://user:pw@receiver.example/', event_types: ['run.failed'] },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).to.equal(400);
    }
    const created = await create({ url: 'https://receiver.example/gone', event_types: ['run.failed'] });
    expect(
      (await api(app, owner.user, 'DELETE', `/api/webhook-endpoints/${created.body.id}`)).status,
    ).to.equal(204);
    expect((await api(app, owner.user, 'GET', `/api/webhook-endpoints/${created.body.id}`)).status).to.equal(
      404,
    );
  });
});
