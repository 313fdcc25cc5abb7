import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { WebhookEndpoint } from '../../../../src/domain/webhooks/webhook-endpoint.ts';
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  WebhookMessage,
} from '../../../../src/domain/webhooks/webhook-message.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const message = () =>
  WebhookMessage.create({
    id: '0195f0c4-0000-7000-8000-000000000001',
    endpointId: 'e1',
    workspaceId: 'w1',
    eventType: 'run.succeeded',
    payload: { type: 'run.succeeded' },
    createdAt: T0,
  });
const answer = (status: number | null, seconds = 0) => ({
  attemptedAt: at(seconds),
  durationMs: 12,
  responseStatus: status,
  error: status === null ? 'connection failed: ECONNREFUSED' : null,
});

describe('WebhookMessage', () => {
  it('is due at once, with a webhook-id that never changes', () => {
    const m = message();
    expect(m).to.include({ status: 'pending', failedAttempts: 0 });
    expect(m.nextAttemptAt).to.deep.equal(T0);
    expect(m.webhookId).to.equal('msg_0195f0c4-0000-7000-8000-000000000001');
  });

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then fails', () => {
    const m = message();
    let now = 0;
    const waits: number[] = [];
    while (m.status === 'pending') {
      expect(m.recordAttempt(answer(500, now), DEFAULT_RETRY_SCHEDULE_SECONDS)).to.equal('failed');
      if (m.nextAttemptAt) {
        waits.push((m.nextAttemptAt.getTime() - at(now).getTime()) / 1000);
        now = (m.nextAttemptAt.getTime() - T0.getTime()) / 1000;
      }
    }
    expect(waits).to.deep.equal([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(m).to.include({ status: 'failed', failedAttempts: 8, nextAttemptAt: null });
  });

  it('is delivered by any 2xx; a 3xx, a 4xx or no answer is a failed attempt', () => {
    for (const status of [200, 202, 204, 299]) {
      const m = message();
      expect(m.recordAttempt(answer(status), [5])).to.equal('succeeded');
      expect(m.status).to.equal('delivered');
    }
    for (const status of [301, 302, 400, 404, 429, 503, null]) {
      const m = message();
      expect(m.recordAttempt(answer(status), [5]), String(status)).to.equal('failed');
      expect(m.nextAttemptAt).to.deep.equal(at(5));
    }
  });

  it('fails at once on 410 Gone, and a resend starts the schedule again', () => {
    const m = message();
    m.recordAttempt(answer(410), DEFAULT_RETRY_SCHEDULE_SECONDS);
    expect(m).to.include({ status: 'failed', nextAttemptAt: null });
    m.resend(at(100));
    expect(m).to.include({ status: 'pending', failedAttempts: 0 });
    expect(m.nextAttemptAt).to.deep.equal(at(100));
  });
});

describe('WebhookEndpoint', () => {
  const endpoint = () =>
    WebhookEndpoint.create(
      {
        id: 'e1',
        workspaceId: 'w1',
        url: 'https://hooks.example/in',
        eventTypes: ['run.failed', 'run.succeeded'],
        signingSecret: 'whsec_one',
      },
      T0,
    );

  it('keeps known event types once each, and refuses unknown ones or none', () => {
    expect(endpoint().eventTypes).to.deep.equal(['run.succeeded', 'run.failed']);
    expect(() => endpoint().update({ eventTypes: [] }, T0)).to.throw(InvalidInput);
    expect(() => endpoint().update({ eventTypes: ['run.started'] }, T0)).to.throw(InvalidInput);
  });

  it('takes absolute http(s) URLs only, without credentials or fragment', () => {
    for (const url of [
      'ftp://hooks.example/',
      '/relative',
      'https://user:pw@hooks.example/',
      'https://hooks.example/#x',
      'nonsense',
    ]) {
      expect(() => endpoint().update({ url }, T0), url).to.throw(InvalidInput);
    }
    const e = endpoint();
    e.update({ url: 'http://127.0.0.1:9000/x' }, T0); // where it resolves is the sender's check
    expect(e.url).to.equal('http://127.0.0.1:9000/x');
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', () => {
    const e = endpoint();
    e.rotateSecret('whsec_two', T0);
    expect(e.activeSecrets(at(86399))).to.deep.equal(['whsec_two', 'whsec_one']);
    expect(e.activeSecrets(at(86400))).to.deep.equal(['whsec_two']);
  });

  it('a 410 disables it as gone; enabling it again clears the reason; a disabled one subscribes to nothing', () => {
    const e = endpoint();
    e.disableAsGone(T0);
    expect(e).to.include({ enabled: false, disabledReason: 'gone' });
    expect(e.subscribesTo('run.failed')).to.equal(false);
    e.update({ enabled: true }, T0);
    expect(e).to.include({ enabled: true, disabledReason: null });
    e.update({ enabled: false }, T0);
    expect(e.disabledReason).to.equal('by_user');
  });
});
