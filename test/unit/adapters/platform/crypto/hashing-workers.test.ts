import { scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashSync, verifySync } from '@node-rs/argon2';
import { expect } from 'chai';
import { HashingWorkers } from '../../../../../src/adapters/platform/crypto/hashing-workers.ts';
import { ServiceUnavailable } from '../../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../../support/fail.ts';

const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** This process's threads and their nice values (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(tid, Number(fields[16]));
  }
  return threads;
}

describe('HashingWorkers', () => {
  let workers: HashingWorkers;
  afterEach(() => workers.close());

  it('hashes and verifies argon2 as the library does in this thread', async () => {
    workers = new HashingWorkers();
    const hash = await workers.argon2Hash('a password', CHEAP);
    expect(hash).to.match(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(verifySync(hash, 'a password')).to.equal(true);
    const local = hashSync('another', CHEAP);
    expect(await workers.argon2Verify(local, 'another')).to.equal(true);
    expect(await workers.argon2Verify(local, 'a password')).to.equal(false);
  });

  it('derives scrypt keys equal to node:crypto', async () => {
    workers = new HashingWorkers();
    const salt = Buffer.from('0123456789abcdef');
    const key = await workers.scrypt('a password', salt, 32, { N: 1024, r: 8, p: 1 });
    expect(Buffer.isBuffer(key)).to.equal(true);
    expect(key.equals(scryptSync('a password', salt, 32, { N: 1024, r: 8, p: 1 }))).to.equal(true);
  });

  it('rejects a job the library refuses, and goes on with the next', async () => {
    workers = new HashingWorkers();
    const error = await rejectionOf(workers.argon2Verify('$argon2id$garbage', 'x'), Error);
    expect(error.message).to.be.a('string');
    expect(await workers.argon2Verify(hashSync('x', CHEAP), 'x')).to.equal(true);
  });

  it('runs jobs handed over together, each answered with its own result', async () => {
    workers = new HashingWorkers({ threads: 2 });
    const hashes = ['a', 'b', 'c', 'd', 'e'].map((password) => hashSync(password, CHEAP));
    const answers = await Promise.all(
      hashes.flatMap((hash, i) => [
        workers.argon2Verify(hash, 'abcde'[i] as string),
        workers.argon2Verify(hash, 'z'),
      ]),
    );
    expect(answers).to.deep.equal([true, false, true, false, true, false, true, false, true, false]);
  });

  it('hashes on threads of its own at the nice value asked for, started on use', async function () {
    if (process.platform !== 'linux') this.skip();
    const before = threadNiceness();
    workers = new HashingWorkers({ threads: 2, niceness: 13 });
    expect([...threadNiceness().keys()]).to.deep.equal([...before.keys()]);
    await Promise.all([workers.argon2Hash('x', CHEAP), workers.argon2Hash('y', CHEAP)]);
    const added = [...threadNiceness()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
    expect(added.filter((nice) => nice === 13)).to.have.length(2);
    expect(threadNiceness().get(String(process.pid))).to.equal(before.get(String(process.pid)));
  });

  it('ends a thread left idle, and starts one again on the next job', async function () {
    if (process.platform !== 'linux') this.skip();
    const before = threadNiceness();
    workers = new HashingWorkers({ niceness: 17, idleMs: 50 });
    await workers.argon2Hash('x', CHEAP);
    const ours = () => [...threadNiceness()].filter(([tid, nice]) => !before.has(tid) && nice === 17);
    expect(ours()).to.have.length(1);
    await sleep(500);
    expect(ours()).to.have.length(0);
    expect(await workers.argon2Verify(await workers.argon2Hash('x', CHEAP), 'x')).to.equal(true);
  });

  it('refuses nonsensical options', () => {
    workers = new HashingWorkers();
    expect(() => new HashingWorkers({ threads: 0 })).to.throw(RangeError);
    expect(() => new HashingWorkers({ niceness: 20 })).to.throw(RangeError);
    expect(() => new HashingWorkers({ niceness: -1 })).to.throw(RangeError);
  });

  it('rejects the jobs in flight as ServiceUnavailable when closed, not as a wrong password', async () => {
    workers = new HashingWorkers();
    const hash = hashSync('x', { ...CHEAP, memoryCost: 65536, timeCost: 4 });
    const pending = rejectionOf(workers.argon2Verify(hash, 'x'), ServiceUnavailable);
    await workers.close();
    expect((await pending).message).to.contain('shutting down');
  });
});
