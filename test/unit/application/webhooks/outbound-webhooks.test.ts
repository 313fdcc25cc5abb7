import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksSignature } from '../../../../src/adapters/webhooks/standard-webhooks-signature.ts';
import { RecordingWebhookSender } from '../../../support/recording-webhook-sender.ts';
import { actor, principal, useCases } from '../../../support/test-container.ts';

const setUp = async () => {
  const uc = await useCases({
    // The real time: the standardwebhooks verifier checks signatures against the real clock.
    now: new Date(),
    doubles: { webhookSender: new RecordingWebhookSender() },
    env: { OUTBOUND_WEBHOOK_RETRY_SCHEDULE: '5,60', RUN_MAX_ATTEMPTS: '1' },
  });
  const owner = await actor(uc);
  const mission = await uc.createMission(owner.principal, { workspaceId: owner.personal.id, name: 'm' });
  const endpoint = await uc.createWebhookEndpoint(owner.principal, owner.personal.id, {
    url: 'https://receiver.example/hooks',
    eventTypes: ['run.succeeded', 'run.failed', 'run.cancelled'],
  });
  const worker = principal(owner.user.id, 'worker-session');
  const finishOne = async (status: 'succeeded' | 'failed') => {
    const run = await uc.startRun(owner.principal, mission.id, {});
    await uc.claimRun(worker, { workspaceId: owner.personal.id });
    return uc.completeRun(
      worker,
      run.id,
      status === 'failed' ? { status, error: { message: 'boom' } } : { status },
    );
  };
  const messages = async () =>
    (await uc.listWebhookMessages(owner.principal, endpoint.id, { limit: 50 })).items;
  return { uc, owner, mission, endpoint, worker, finishOne, messages };
};

describe('outbound webhooks (in-memory adapters)', () => {
  it('records one message per outcome (succeeded, failed, cancelled, lease expired) with the run as the API shows it', async () => {
    const { uc, owner, mission, worker, finishOne, messages } = await setUp();
    const succeeded = await finishOne('succeeded');
    await finishOne('failed');
    const queued = await uc.startRun(owner.principal, mission.id, {});
    await uc.cancelRun(owner.principal, queued.id);
    const leased = await uc.startRun(owner.principal, mission.id, {});
    await uc.claimRun(worker, { workspaceId: owner.personal.id, leaseSeconds: 5 });
    uc.clock.advance(6);
    await uc.expireRunLeases();
    const recorded = (await messages()).map(({ message }) => message);
    expect(recorded.map((m) => m.eventType)).to.have.members([
      'run.succeeded',
      'run.failed',
      'run.cancelled',
      'run.failed',
    ]);
    const first = recorded.find((m) => m.eventType === 'run.succeeded');
    expect(first?.payload).to.deep.include({
      type: 'run.succeeded',
      timestamp: succeeded.finishedAt?.toISOString(),
    });
    expect(first?.payload.data).to.have.nested.property('run.id', succeeded.id);
    const expired = recorded.find((m) => (m.payload.data as { run: { id: string } }).run.id === leased.id);
    expect(expired?.payload).to.have.nested.property('data.run.error.code', 'lease_expired');
  });

  it('records nothing for endpoints not subscribed, disabled, or of another workspace, and nothing for heartbeats', async () => {
    const { uc, owner, endpoint, finishOne, messages } = await setUp();
    await uc.updateWebhookEndpoint(owner.principal, endpoint.id, { eventTypes: ['run.failed'] });
    await finishOne('succeeded');
    await uc.updateWebhookEndpoint(owner.principal, endpoint.id, {
      enabled: false,
      eventTypes: ['run.succeeded'],
    });
    await finishOne('succeeded');
    const other = await actor(uc);
    await uc.createWebhookEndpoint(other.principal, other.personal.id, {
      url: 'https://o.example/',
      eventTypes: ['run.succeeded'],
    });
    await finishOne('succeeded');
    expect(await messages()).to.have.lengthOf(0);
  });

  it('sends after the commit, signed per Standard Webhooks (the standardwebhooks verifier accepts it), once', async () => {
    const { uc, endpoint, finishOne, messages } = await setUp();
    const run = await finishOne('succeeded');
    expect(await uc.dispatchWebhookMessages()).to.equal(1);
    expect(await uc.dispatchWebhookMessages()).to.equal(0);
    const [sent] = uc.webhookSender.sent;
    if (!sent) throw new Error('nothing sent');
    expect(sent.url).to.equal('https://receiver.example/hooks');
    const seconds = Math.floor(sent.timestamp.getTime() / 1000);
    const headers = {
      'webhook-id': sent.webhookId,
      'webhook-timestamp': String(seconds),
      'webhook-signature': standardWebhooksSignature(sent.secrets, sent.webhookId, seconds, sent.body),
    };
    const verified = new Webhook(endpoint.signingSecret).verify(sent.body, headers) as {
      data: { run: { id: string } };
    };
    expect(verified.data.run.id).to.equal(run.id);
    const [listed] = await messages();
    expect(listed?.message.status).to.equal('delivered');
    expect(listed?.attempts.map((a) => [a.responseStatus, a.outcome])).to.deep.equal([[200, 'succeeded']]);
  });

  it('retries on the configured schedule with the same webhook-id, then fails; resend starts over', async () => {
    const { uc, owner, finishOne, messages } = await setUp();
    uc.webhookSender.answerWith(500, null, 503);
    await finishOne('failed');
    await uc.dispatchWebhookMessages();
    uc.clock.advance(4);
    expect(await uc.dispatchWebhookMessages()).to.equal(0);
    uc.clock.advance(1);
    expect(await uc.dispatchWebhookMessages()).to.equal(1);
    uc.clock.advance(60);
    expect(await uc.dispatchWebhookMessages()).to.equal(1);
    const [failed] = await messages();
    expect(failed?.message.status).to.equal('failed');
    expect(failed?.attempts.map((a) => a.responseStatus)).to.deep.equal([500, null, 503]);
    expect(new Set(uc.webhookSender.sent.map((s) => s.webhookId)).size).to.equal(1);
    await uc.resendWebhookMessage(owner.principal, failed?.message.id as string);
    expect(await uc.dispatchWebhookMessages()).to.equal(1);
    expect((await messages())[0]?.message.status).to.equal('delivered');
  });

  it('a 410 fails the message and disables the endpoint as gone', async () => {
    const { uc, owner, endpoint, finishOne } = await setUp();
    uc.webhookSender.answerWith(410);
    await finishOne('succeeded');
    await uc.dispatchWebhookMessages();
    expect(await uc.getWebhookEndpoint(owner.principal, endpoint.id)).to.include({
      enabled: false,
      disabledReason: 'gone',
    });
    await finishOne('succeeded');
    expect(await uc.dispatchWebhookMessages()).to.equal(0);
  });

  it('signs with both secrets during the 24 h after a rotation', async () => {
    const { uc, owner, endpoint, finishOne } = await setUp();
    const rotated = await uc.rotateWebhookEndpointSecret(owner.principal, endpoint.id);
    expect(rotated.signingSecret)
      .to.match(/^whsec_[A-Za-z0-9+/]{43}=$/)
      .and.not.equal(endpoint.signingSecret);
    await finishOne('succeeded');
    await uc.dispatchWebhookMessages();
    expect(uc.webhookSender.sent[0]?.secrets).to.deep.equal([rotated.signingSecret, endpoint.signingSecret]);
  });

  it('lists endpoints to members without their secrets being needed, and deleting one drops its messages', async () => {
    const { uc, owner, endpoint, finishOne, messages } = await setUp();
    await finishOne('succeeded');
    expect(await messages()).to.have.lengthOf(1);
    const listed = await uc.listWebhookEndpoints(owner.principal, owner.personal.id, { limit: 10 });
    expect(listed.items.map((e) => e.id)).to.deep.equal([endpoint.id]);
    await uc.deleteWebhookEndpoint(owner.principal, endpoint.id);
    expect(
      (await uc.listWebhookEndpoints(owner.principal, owner.personal.id, { limit: 10 })).items,
    ).to.deep.equal([]);
    expect(await uc.webhookMessages.listForEndpoint(endpoint.id, { limit: 10 })).to.deep.include({
      items: [],
    });
    const outsider = await actor(uc);
    let code = 'ok';
    await uc
      .listWebhookEndpoints(outsider.principal, owner.personal.id, { limit: 10 })
      .catch((error: { code: string }) => {
        code = error.code;
      });
    expect(code).to.equal('not_found');
  });
});
