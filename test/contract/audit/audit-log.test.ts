import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { describeContract, T0 } from '../../support/persistence-world.ts';

describeContract('AuditLog', (world) => {
  let userId: string;
  beforeEach(async () => {
    userId = randomUUID();
  });

  it('stores each event with its user, session, address, details and the time it was recorded', async () => {
    const sessionId = randomUUID();
    await world.auditLog.record({
      type: 'login_succeeded',
      userId,
      sessionId,
      ip: '203.0.113.9',
      details: { surface: 'api', attempts: 2, remembered: false, note: null },
    });
    const [event, ...rest] = await world.auditEventsOf(userId);
    expect(rest).to.deep.equal([]);
    expect(event?.id).to.be.a('string');
    expect(event).to.deep.include({
      type: 'login_succeeded',
      userId,
      sessionId,
      ip: '203.0.113.9',
      details: { surface: 'api', attempts: 2, remembered: false, note: null },
      createdAt: T0,
    });
  });

  it('stores absent fields as null and absent details as an empty object, oldest event first', async () => {
    await world.auditLog.record({ type: 'user_created', userId });
    world.auditClock.advance(5);
    await world.auditLog.record({ type: 'user_disabled', userId, details: { sessions_revoked: 3 } });
    const events = await world.auditEventsOf(userId);
    expect(events.map(({ id: _id, ...rest }) => rest)).to.deep.equal([
      {
        type: 'user_created',
        userId,
        sessionId: null,
        ip: null,
        apiKeyId: null,
        workspaceId: null,
        target: null,
        details: {},
        createdAt: T0,
      },
      {
        type: 'user_disabled',
        userId,
        sessionId: null,
        ip: null,
        apiKeyId: null,
        workspaceId: null,
        target: null,
        details: { sessions_revoked: 3 },
        createdAt: new Date(T0.getTime() + 5000),
      },
    ]);
  });

  it('joins the surrounding unit of work: a rolled-back event is not kept', async () => {
    const failure = new Error('after the event');
    const outcome = await world.unitOfWork
      .transaction(async () => {
        await world.auditLog.record({ type: 'password_changed', userId });
        throw failure;
      })
      .catch((e: unknown) => e);
    expect(outcome).to.equal(failure);
    expect(await world.auditEventsOf(userId)).to.deep.equal([]);
    await world.unitOfWork.transaction(() => world.auditLog.record({ type: 'logout', userId }));
    expect((await world.auditEventsOf(userId)).map((e) => e.type)).to.deep.equal(['logout']);
  });
});
