import { expect } from 'chai';
import {
  connectPostgres,
  type PostgresDatabase,
} from '../../../src/adapters/platform/postgres/postgres-database.ts';
import { PostgresListener } from '../../../src/adapters/platform/postgres/postgres-listener.ts';
import { createLogger } from '../../../src/adapters/platform/system/logger.ts';
import { entitySchemas } from '../../../src/composition/entity-schemas.ts';
import { loadConfig } from '../../../src/config.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { testDatabase } from '../../support/test-database.ts';
import { within } from '../../support/within.ts';

/** Polls `check` every 10 ms until it holds, failing after `withinMs`. */
const eventually = (withinMs: number, what: string, check: () => boolean) =>
  within(withinMs, what, check, 10);

/** The instance's one LISTEN connection, against the test database through a proxy a test can cut. */
describe('PostgresListener', () => {
  let proxy: TcpProxy;
  let proxied: PostgresDatabase;
  let listener: PostgresListener;
  const heard: Record<string, string[]> = {};
  const events: string[] = [];

  beforeEach(async () => {
    proxy = new TcpProxy();
    const url = await proxy.start((await testDatabase()).url);
    proxied = await connectPostgres({
      url,
      entities: entitySchemas,
      poolMax: 1,
      deadlines: loadConfig({}).databaseDeadlines,
    });
    listener = new PostgresListener({
      db: proxied,
      logger: createLogger('silent'),
      reconnectMs: 50,
      probeMs: 200,
    });
    for (const channel of ['test_one', 'test_two']) {
      heard[channel] = [];
      listener.on(channel, {
        notification: (payload) => heard[channel]?.push(payload),
        listening: () => events.push(`listening ${channel}`),
        lost: () => events.push(`lost ${channel}`),
      });
    }
    events.length = 0;
  });
  afterEach(async () => {
    await listener.close();
    await proxy.close();
    await Promise.race([proxied.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))]);
  });

  const notify = async (channel: string, payload: string) =>
    (await testDatabase()).db.query('select pg_notify($1, $2)', [channel, payload]);

  it('listens on every channel over one connection, each notification to its own channel', async () => {
    expect(listener.isListening('test_one')).to.equal(false);
    listener.start();
    await eventually(
      2000,
      'listening',
      () => listener.isListening('test_one') && listener.isListening('test_two'),
    );
    expect(events).to.deep.equal(['listening test_one', 'listening test_two']);
    await notify('test_one', 'a');
    await notify('test_two', 'b');
    await eventually(1000, 'notified', () => heard.test_one?.length === 1 && heard.test_two?.length === 1);
    expect(heard).to.deep.equal({ test_one: ['a'], test_two: ['b'] });
  });

  it('tells every channel when the connection is lost, and again when it listens after reconnecting', async () => {
    listener.start();
    await eventually(2000, 'listening', () => listener.isListening('test_two'));
    await proxy.down();
    await eventually(2000, 'lost', () => !listener.isListening('test_one'));
    expect(events).to.include.members(['lost test_one', 'lost test_two']);
    await proxy.up();
    await eventually(3000, 'listening again', () => listener.isListening('test_one'));
    expect(events.filter((event) => event === 'listening test_one')).to.have.lengthOf(2);
    await notify('test_one', 'after');
    await eventually(1000, 'notified', () => heard.test_one?.includes('after') ?? false);
  });

  it('finds a connection gone silent with its probe', async () => {
    listener.start();
    await eventually(2000, 'listening', () => listener.isListening('test_one'));
    proxy.silence();
    // A probe every 200 ms, answered within 200 ms: silence is known within about 400 ms.
    await eventually(1500, 'lost', () => !listener.isListening('test_one'));
    proxy.resume();
  });
});
