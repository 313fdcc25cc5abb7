import { expect } from 'chai';
import { MemoryEmailTransport } from '../../../../src/adapters/notifications/transports/memory-email-transport.ts';
import { useCases } from '../../../support/test-container.ts';

const content = { to: 'ada@example.com', subject: 'Hello', text: 'Hello, Ada', html: '<p>Hello, Ada</p>' };

describe('dispatchEmails', () => {
  const app = async () => {
    const cradle = await useCases({ env: { EMAIL_RETRY_SCHEDULE: '10,60' } });
    if (!(cradle.emailTransport instanceof MemoryEmailTransport)) throw new Error('not the memory transport');
    return { ...cradle, inbox: cradle.emailTransport };
  };

  it('sends nothing queued in a transaction that rolled back, and what committed once', async () => {
    const { unitOfWork, queueEmail, dispatchEmails, inbox } = await app();
    await unitOfWork
      .transaction(async () => {
        await queueEmail({ ...content, subject: 'rolled back' });
        throw new Error('the sign-up failed');
      })
      .catch(() => {});
    await unitOfWork.transaction(() => queueEmail(content));
    expect(inbox.sent).to.deep.equal([]);
    expect(await dispatchEmails()).to.equal(1);
    expect(inbox.sent).to.deep.equal([content]);
    expect(await dispatchEmails()).to.equal(0);
    expect(inbox.sent).to.have.length(1);
  });

  it('retries a refused send on the schedule, then gives it up', async () => {
    const { queueEmail, dispatchEmails, inbox, clock } = await app();
    inbox.failures = 3;
    await queueEmail(content);
    expect(await dispatchEmails()).to.equal(1);
    clock.advance(9);
    expect(await dispatchEmails()).to.equal(0);
    clock.advance(1);
    expect(await dispatchEmails()).to.equal(1);
    clock.advance(60);
    expect(await dispatchEmails()).to.equal(1);
    clock.advance(3600);
    expect(await dispatchEmails()).to.equal(0);
    expect(inbox.sent).to.deep.equal([]);
  });

  it('sends after a refusal once the relay is back', async () => {
    const { queueEmail, dispatchEmails, inbox, clock } = await app();
    inbox.failures = 1;
    await queueEmail(content);
    await dispatchEmails();
    clock.advance(10);
    await dispatchEmails();
    expect(inbox.sent).to.deep.equal([content]);
  });
});
