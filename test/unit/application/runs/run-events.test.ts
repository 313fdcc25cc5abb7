import { expect } from 'chai';
import {
  BATCH_WINDOW_MS,
  BYTES_PER_READ,
  type RunEventChannel,
} from '../../../../src/application/runs/run-event-channel.ts';
import type { RunEventSubscriber } from '../../../../src/application/runs/run-event-feed.ts';
import { SharedBacklog } from '../../../../src/application/runs/shared-backlog.ts';
import { Conflict, Forbidden, InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import type { RunEvent } from '../../../../src/domain/runs/run-event.ts';
import { RunCancelled } from '../../../../src/domain/runs/run-status.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, principal, useCases } from '../../../support/test-container.ts';

/** What a stream would send: the events, and whether it ended or was interrupted. */
class Collector implements RunEventSubscriber {
  readonly seen: RunEvent[] = [];
  ended = false;
  interrupted = false;
  events(events: readonly RunEvent[]): void {
    this.seen.push(...events);
  }
  end(): void {
    this.ended = true;
  }
  interrupt(): void {
    this.interrupted = true;
  }
  get seqs(): number[] {
    return this.seen.map((event) => event.seq);
  }
}

/** Past the feed's batch window: what was appended has reached every follower. */
const settle = () => new Promise((resolve) => setTimeout(resolve, BATCH_WINDOW_MS + 20));

describe('run events (use cases, in memory)', () => {
  async function setup() {
    const app = await useCases();
    const ada = await actor(app, 'ada');
    const cy = await actor(app, 'cyd');
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: cy.principal, login: 'cyd' }, 'member');
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'm' });
    const worker = principal(ada.user.id, 'worker');
    const run = await app.startRun(ada.principal, mission.id, {});
    await app.claimRun(worker, { workspaceId });
    const log = (message: string) => app.appendRunEvents(worker, run.id, [{ type: 'log', message }]);
    return { app, ada, cy, worker, run, log };
  }

  it('appends the lease holder’s events after the status events, and pages them for members', async () => {
    const { app, ada, cy, worker, run } = await setup();
    const appended = await app.appendRunEvents(worker, run.id, [
      { type: 'progress', data: { done: 1 } },
      { type: 'output', level: 'info', message: 'ok', data: [1, 2] },
    ]);
    expect(appended).to.deep.equal({ seqFrom: 3, seqTo: 4 });
    const page = await app.listRunEvents(cy.principal, run.id, { after: 2, limit: 10 });
    expect(page.map((e) => [e.seq, e.type, e.data])).to.deep.equal([
      [3, 'progress', { done: 1 }],
      [4, 'output', [1, 2]],
    ]);
    expect(page[0]?.at).to.deep.equal(app.clock.now());
    expect(await fail(app.appendRunEvents(ada.principal, run.id, [{ type: 'log' }]))).to.be.instanceOf(
      Conflict,
    );
    expect(await fail(app.appendRunEvents(cy.principal, run.id, [{ type: 'log' }]))).to.be.instanceOf(
      Forbidden,
    );
    for (const bad of [[], [{ type: 'status' }], [{ type: 'log', message: 'nul \u0000 inside' }]]) {
      expect(await fail(app.appendRunEvents(worker, run.id, bad)), JSON.stringify(bad)).to.be.instanceOf(
        InvalidInput,
      );
    }
    await app.cancelRun(ada.principal, run.id);
    expect(await fail(app.appendRunEvents(worker, run.id, [{ type: 'log' }]))).to.be.instanceOf(RunCancelled);
  });

  it('follows a run: the backlog, then each append, ending after the final status event', async () => {
    const { app, cy, worker, run, log } = await setup();
    await log('before');
    const stream = new Collector();
    const stop = await app.followRunEvents(cy.principal, run.id, 1, stream);
    expect(stream.seqs).to.deep.equal([2, 3]);
    await log('live');
    await settle();
    expect(stream.seqs).to.deep.equal([2, 3, 4]);
    await app.completeRun(worker, run.id, { status: 'succeeded' });
    await settle();
    expect(stream.seqs).to.deep.equal([2, 3, 4, 5]);
    expect(stream.seen.at(-1)?.data).to.deep.include({ status: 'succeeded' });
    expect(stream.ended).to.equal(true);
    stop();

    const late = new Collector();
    await app.followRunEvents(cy.principal, run.id, 5, late);
    expect([late.seqs, late.ended]).to.deep.equal([[], true]);
  });

  it('reads each append once for all followers of a run, however many there are', async () => {
    const { app, cy, run, log } = await setup();
    const streams = Array.from({ length: 50 }, () => new Collector());
    const stops = await Promise.all(streams.map((s) => app.followRunEvents(cy.principal, run.id, 0, s)));
    const { runEvents } = app;
    const list = runEvents.list.bind(runEvents);
    let reads = 0;
    runEvents.list = (...args) => {
      reads++;
      return list(...args);
    };
    for (let i = 0; i < 5; i++) {
      await log(`line ${i}`);
      await settle();
    }
    expect(reads, 'one read per append, not one per follower').to.equal(5);
    expect(streams.every((s) => s.seqs.join() === '1,2,3,4,5,6,7')).to.equal(true);
    for (const stop of stops) stop();
    await log('nobody follows');
    await settle();
    expect(reads).to.equal(5);
  });

  it('reads a backlog once for the followers that read it together, and shares its pages', async () => {
    const { app, cy, worker, run } = await setup();
    const blob = 'x'.repeat(50_000);
    for (let i = 0; i < 3; i++) {
      const events = Array.from({ length: 10 }, () => ({ type: 'log', data: { blob } }));
      await app.appendRunEvents(worker, run.id, events);
    }
    const { runEvents } = app;
    const list = runEvents.list.bind(runEvents);
    let reads = 0;
    runEvents.list = (...args) => {
      reads++;
      return list(...args);
    };
    const alone = new Collector();
    const stopAlone = await app.followRunEvents(cy.principal, run.id, 0, alone);
    const readsAlone = reads;
    stopAlone();
    expect(alone.seqs).to.have.length(32);
    expect(readsAlone, 'a backlog of several pages').to.be.greaterThan(4);

    reads = 0;
    const streams = Array.from({ length: 20 }, () => new Collector());
    const stops = await Promise.all(streams.map((s) => app.followRunEvents(cy.principal, run.id, 0, s)));
    // The full pages once for all; the log's end (a short page) at most once per follower.
    expect(reads).to.be.at.most(readsAlone - 1 + streams.length);
    for (const stream of streams) expect(stream.seqs).to.deep.equal(alone.seqs);
    const first = streams[0]?.seen ?? [];
    expect(streams.every((s) => s.seen.slice(0, 20).every((event, i) => event === first[i]))).to.equal(true);
    expect(app.runEventFeed.backlog.bytes, 'nothing kept once every follower is live').to.equal(0);
    for (const stop of stops) stop();
  });

  it('keeps shared backlog pages within its byte budget, oldest dropped first', async () => {
    const { app, worker, run } = await setup();
    const blob = 'x'.repeat(50_000);
    for (let i = 0; i < 3; i++) {
      const events = Array.from({ length: 10 }, () => ({ type: 'log', data: { blob } }));
      await app.appendRunEvents(worker, run.id, events);
    }
    const budget = 3 * BYTES_PER_READ;
    const backlog = new SharedBacklog(app.runEvents, budget);
    const channel = { joins: 1 } as RunEventChannel;
    let after = 0;
    const firsts: number[] = [];
    for (;;) {
      const page = await backlog.page(channel, run.id, after, 1);
      const last = page.at(-1);
      if (!last) break;
      firsts.push(after);
      expect(backlog.bytes).to.be.at.most(budget);
      after = last.seq;
    }
    expect(firsts.length).to.be.greaterThan(4);
    const { runEvents } = app;
    const list = runEvents.list.bind(runEvents);
    let reads = 0;
    runEvents.list = (...args) => {
      reads++;
      return list(...args);
    };
    // The last full page is still kept; the first was dropped for the later ones: read again.
    await backlog.page(channel, run.id, firsts.at(-1) ?? 0, 1);
    await backlog.page(channel, run.id, firsts[0] ?? 0, 1);
    expect(reads).to.equal(1);
    backlog.forgetRun(run.id);
    expect(backlog.bytes).to.equal(0);
  });

  it('never hands a follower the log’s end read before it joined (it could lack what the channel sent)', async () => {
    const { app, cy, run, log } = await setup();
    await log('one');
    const { runEvents } = app;
    const list = runEvents.list.bind(runEvents);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    runEvents.list = async (...args) => {
      const page = await list(...args);
      // The first backlog read (the log's end, seqs 1-3) comes back late.
      if (calls++ === 0) await held;
      return page;
    };
    const early = new Collector();
    const following = app.followRunEvents(cy.principal, run.id, 0, early);
    await settle();
    // Appended while that read is out: the channel reads it and hands it to its followers of the time.
    await log('two');
    await settle();
    const late = new Collector();
    const lateFollowing = app.followRunEvents(cy.principal, run.id, 0, late);
    await settle();
    release();
    const stops = [await following, await lateFollowing];
    expect(early.seqs).to.deep.equal([1, 2, 3, 4]);
    expect(late.seqs).to.deep.equal([1, 2, 3, 4]);
    for (const stop of stops) stop();
  });

  it('interrupts every follower when the feed closes (server shutdown)', async () => {
    const { app, cy, run } = await setup();
    const stream = new Collector();
    await app.followRunEvents(cy.principal, run.id, 0, stream);
    app.runEventFeed.close();
    expect([stream.interrupted, stream.ended]).to.deep.equal([true, false]);
  });
});
