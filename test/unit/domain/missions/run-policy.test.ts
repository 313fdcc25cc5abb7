import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { isJsonPointer, valueAt } from '../../../../src/domain/kernel/json-pointer.ts';
import {
  changeRunPolicy,
  NO_RUN_POLICY,
  type RunPolicy,
  retryDelaySeconds,
} from '../../../../src/domain/missions/run-policy.ts';
import { concurrencyKeyOf } from '../../../../src/domain/runs/concurrency-key.ts';
import { Run } from '../../../../src/domain/runs/run.ts';
import { RunCancelled, RunNotClaimable } from '../../../../src/domain/runs/run-status.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const policy = (changes: Partial<RunPolicy>) => changeRunPolicy(NO_RUN_POLICY, changes);

function queued(p: Partial<RunPolicy> = {}, input: object = { customer: { id: 7 } }): Run {
  return Run.queue({
    id: 'r1',
    missionId: 'm1',
    workspaceId: 'w1',
    triggerType: 'manual',
    input,
    policy: policy(p),
    now: T0,
  });
}

describe('run policy (domain)', () => {
  it('validates each field and needs a limit for a key', () => {
    expect(policy({ timeoutSeconds: 30, concurrencyLimit: 2, concurrencyKey: '/a/b' })).to.deep.equal({
      ...NO_RUN_POLICY,
      timeoutSeconds: 30,
      concurrencyLimit: 2,
      concurrencyKey: '/a/b',
    });
    for (const bad of [
      { timeoutSeconds: 0 },
      { maxAttempts: 101 },
      { retryBackoffSeconds: 1.5 },
      { concurrencyLimit: 0 },
      { concurrencyLimit: 1, concurrencyKey: 'no-slash' },
      { concurrencyLimit: 1, concurrencyKey: '/bad~2escape' },
      { concurrencyKey: '/a' },
    ]) {
      expect(() => policy(bad), JSON.stringify(bad)).to.throw(InvalidInput);
    }
  });

  it('applies changes field by field; null clears a field', () => {
    const current = policy({ timeoutSeconds: 30, maxAttempts: 3 });
    expect(changeRunPolicy(current, { maxAttempts: null, retryBackoffSeconds: 5 })).to.deep.equal({
      ...NO_RUN_POLICY,
      timeoutSeconds: 30,
      retryBackoffSeconds: 5,
    });
    const keyed = policy({ concurrencyLimit: 2, concurrencyKey: '/k' });
    expect(() => changeRunPolicy(keyed, { concurrencyLimit: null })).to.throw(InvalidInput, /needs/);
  });

  it('waits the backoff before the first retry, then twice as long each time, at most 1 h', () => {
    const delays = [1, 2, 3, 4, 9, 50].map((attempt) => retryDelaySeconds(NO_RUN_POLICY, attempt));
    expect(delays).to.deep.equal([10, 20, 40, 80, 2560, 3600]);
    expect(retryDelaySeconds(policy({ retryBackoffSeconds: 3 }), 3)).to.equal(12);
  });

  it('reads JSON Pointers (RFC 6901), escapes and array indexes included', () => {
    const doc = { body: { 'a/b': { '~k': [10, 20] } }, '': 1 };
    expect(valueAt(doc, '/body/a~1b/~0k/1')).to.equal(20);
    expect(valueAt(doc, '/')).to.equal(1);
    expect(valueAt(doc, '')).to.equal(doc);
    expect(valueAt(doc, '/body/a~1b/~0k/01')).to.equal(undefined);
    expect(valueAt(doc, '/body/missing/x')).to.equal(undefined);
    expect(valueAt(doc, '/body/constructor')).to.equal(undefined);
    expect(['', '/', '/a~0b~1c', '/0/-'].every(isJsonPointer)).to.equal(true);
    expect(['a', '/a~', '/~2'].some(isJsonPointer)).to.equal(false);
  });

  it('keys a capped run by the JSON text of its value, one group when absent; long values are hashed', () => {
    const keyed = policy({ concurrencyLimit: 1, concurrencyKey: '/id' });
    expect(concurrencyKeyOf(NO_RUN_POLICY, () => ({ id: 1 }))).to.equal(null);
    expect(concurrencyKeyOf(policy({ concurrencyLimit: 1 }), () => ({ id: 1 }))).to.equal('');
    expect(concurrencyKeyOf(keyed, () => ({ id: 42 }))).to.equal('42');
    expect(concurrencyKeyOf(keyed, () => ({ id: '42' }))).to.equal('"42"');
    expect(concurrencyKeyOf(keyed, () => ({}))).to.equal('');
    const long = (tail: string) => concurrencyKeyOf(keyed, () => ({ id: 'x'.repeat(500) + tail })) as string;
    expect(long('a')).to.have.lengthOf(200);
    expect(long('a')).to.not.equal(long('b'));
  });
});

describe('run under a policy (domain)', () => {
  it('is admitted at once without a cap, and waits for a slot with one', () => {
    expect(queued()).to.include({ admitted: true, concurrencyKey: null });
    const capped = queued({ concurrencyLimit: 2, concurrencyKey: '/customer/id' });
    expect(capped).to.include({ admitted: false, concurrencyKey: '7' });
    expect(() => capped.claim('w', T0, 30)).to.throw(RunNotClaimable);
    expect(capped.admit(2)).to.equal(false);
    expect(capped.admit(1)).to.equal(true);
    expect(capped.claimableAt(T0)).to.equal(true);
    expect(capped.admit(0), 'already admitted').to.equal(false);
  });

  it('caps the lease at the timeout, and fails a timed-out attempt with error.code "timeout"', () => {
    const run = queued({ timeoutSeconds: 45, maxAttempts: 3 });
    run.claim('w', T0, 30);
    expect(run.leaseExpiresAt).to.deep.equal(at(30));
    run.heartbeat('w', at(20), 60);
    expect(run.leaseExpiresAt).to.deep.equal(at(45));
    run.expireLease(at(45), 5);
    expect(run).to.deep.include({
      status: 'failed',
      finishedAt: at(45),
      error: { code: 'timeout', message: 'the attempt ran past its 45 s timeout' },
      admitted: false,
    });
  });

  it('queues a retryable failure again after the backoff, until the attempts run out', () => {
    const run = queued({ maxAttempts: 3, retryBackoffSeconds: 5 });
    const fail = (now: Date) =>
      run.complete('w', { status: 'failed', retryable: true, error: { message: 'flaky' } }, now);
    run.claim('w', at(0), 30);
    fail(at(1));
    expect(run).to.deep.include({ status: 'queued', attempt: 2, notBefore: at(6), leaseOwner: null });
    expect(run.error).to.deep.equal({ message: 'flaky' });
    expect(run.claimableAt(at(5))).to.equal(false);
    expect(() => run.claim('w', at(5), 30)).to.throw(RunNotClaimable);
    run.claim('w', at(6), 30);
    fail(at(7));
    expect(run).to.deep.include({ status: 'queued', attempt: 3, notBefore: at(17) });
    run.claim('w', at(17), 30);
    fail(at(18));
    expect(run).to.deep.include({ status: 'failed', attempt: 3, finishedAt: at(18) });
  });

  it('does not retry a failure that is not retryable, nor without max_attempts', () => {
    const once = queued({ maxAttempts: 3 });
    once.claim('w', T0, 30);
    once.complete('w', { status: 'failed' }, at(1));
    expect(once.status).to.equal('failed');
    const noPolicy = queued();
    noPolicy.claim('w', T0, 30);
    noPolicy.complete('w', { status: 'failed', retryable: true }, at(1));
    expect(noPolicy.status).to.equal('failed');
    const succeeded = queued({ maxAttempts: 3 });
    succeeded.claim('w', T0, 30);
    expect(() => succeeded.complete('w', { status: 'succeeded', retryable: true }, at(1))).to.throw(
      InvalidInput,
    );
  });

  it("retries a lost lease under the mission's max_attempts, else the server's", () => {
    const own = queued({ maxAttempts: 1 });
    own.claim('w', T0, 10);
    own.expireLease(at(10), 5);
    expect(own).to.deep.include({
      status: 'failed',
      error: { code: 'lease_expired', message: 'the worker lease expired on attempt 1' },
    });
    const server = queued();
    server.claim('w', T0, 10);
    server.expireLease(at(10), 2);
    expect(server).to.include({ status: 'queued', attempt: 2 });
    expect(server.notBefore).to.deep.equal(at(20));
  });

  it('answers every worker call about a cancelled run with run_cancelled', () => {
    const run = queued();
    run.claim('w', T0, 30);
    run.cancel(at(1));
    for (const call of [
      () => run.heartbeat('w', at(2), 30),
      () => run.complete('w', { status: 'succeeded' }, at(2)),
    ]) {
      expect(call).to.throw(RunCancelled).with.property('code', 'run_cancelled');
    }
  });

  it('keeps its slot while a retry waits, and gives it back when it finishes', () => {
    const run = queued({ concurrencyLimit: 1, maxAttempts: 2 });
    run.admit(0);
    run.claim('w', T0, 30);
    run.complete('w', { status: 'failed', retryable: true }, at(1));
    expect(run).to.include({ status: 'queued', admitted: true });
    run.cancel(at(2));
    expect(run).to.include({ status: 'cancelled', admitted: false });
  });
});
