import { expect } from 'chai';
import { BatchedRateLimiter } from '../../../../../src/adapters/platform/throttling/batched-rate-limiter.ts';
import { counterOpsOneByOne } from '../../../../../src/adapters/platform/throttling/counter-batch.ts';
import { createRateLimiterFactory } from '../../../../../src/adapters/platform/throttling/rate-limiter-store.ts';
import { RateLimited } from '../../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../../support/fail.ts';

describe('BatchedRateLimiter (local decisions)', () => {
  let now = 0;
  const limiter = () =>
    new BatchedRateLimiter(
      createRateLimiterFactory('memory'),
      { keyPrefix: 'unit', points: 2, duration: 60, syncMs: 0 },
      () => now,
    );

  const refusal = (promise: Promise<void>) => rejectionOf(promise, RateLimited, 'admitted past the budget');

  it('refuses past the budget until its window ends, saying how long is left', async () => {
    now = 1_000_000;
    const limited = limiter();
    await limited.consume('path');
    await limited.consume('path');
    now += 45_000;
    expect((await refusal(limited.consume('path'))).retryAfterSeconds).to.equal(15);
    await limited.consume('another path'); // each key its own budget
    now += 15_000;
    await limited.consume('path');
  });

  it('keeps counting what it admitted while a sync fails to reach the store', async () => {
    now = 2_000_000;
    const failing = Object.assign(
      () => ({ consume: () => Promise.reject(new Error('store unreachable')) }) as never,
      { kind: 'postgres' as const, batch: counterOpsOneByOne, ready: async () => {}, close: async () => {} },
    );
    const limited = new BatchedRateLimiter(
      failing,
      { keyPrefix: 'u', points: 2, duration: 60, syncMs: 0 },
      () => now,
    );
    await limited.consume('path');
    await limited.sync();
    await limited.consume('path');
    await refusal(limited.consume('path'));
  });
});
