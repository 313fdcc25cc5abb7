import { expect } from 'chai';
import { pino } from 'pino';
import { api } from '../../support/api.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import {
  createTrigger,
  deliver,
  ownerWithMission,
  type WebhookOwner,
} from '../../support/webhook-fixture.ts';

describe('refused webhook deliveries are logged at a bounded rate, metadata only', () => {
  const lines: string[] = [];
  let app: TestApp;
  let owner: WebhookOwner;
  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    app = await startTestApp({ WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000' }, { logger });
    owner = await ownerWithMission(app);
  });
  after(async () => app?.close());

  it('writes a bounded number of lines and log entries for a flood of 1,000 unsigned or wrongly signed POSTs', async function () {
    this.timeout(120_000);
    const { webhook_path: path, signing_secret: secret, id: triggerId } = await createTrigger(app, owner);
    lines.length = 0;
    const statuses = new Map<number, number>();
    for (let round = 0; round < 50; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? deliver(app, path, `{"payload":"BODY-MARKER-${i}"}`, undefined)
            : deliver(app, path, `{"payload":"BODY-MARKER-${i}"}`, undefined, {
                'x-signature': `sha256=${'ab'.repeat(32)}`,
              }),
        ),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await answer.arrayBuffer();
      }
    }
    expect([...statuses]).to.deep.equal([[401, 1000]]);

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.length, lines.join('')).to.be.within(1, 40);
    const refusals = parsed.filter((line) => line.triggerId === triggerId);
    expect(refusals.length).to.be.within(1, 10);
    // Which of the two kinds of refusal is logged first depends on the order the concurrent requests arrive in.
    expect(refusals[0]?.reason).to.be.oneOf(['invalid_signature', 'missing_signature']);
    const output = lines.join('\n');
    for (const secretOrBody of ['BODY-MARKER', 'ab'.repeat(32), secret, path]) {
      expect(output).to.not.include(secretOrBody);
    }

    // The delivery log (readable over the API) is bounded alike.
    const log = await api(
      app,
      owner.user,
      'GET',
      `/api/triggers/${triggerId}/deliveries?status=rejected&limit=200`,
    );
    expect(log.body.items.length).to.be.within(1, 10);
  });
});
