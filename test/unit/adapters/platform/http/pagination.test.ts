import { expect } from 'chai';
import {
  PAGE_BUDGET_BYTES,
  pageRequestOf,
  presentPageWithin,
} from '../../../../../src/adapters/platform/http/pagination.ts';
import type { PagePosition } from '../../../../../src/application/kernel/ports/page.ts';

const item = (n: number, bytes: number): PagePosition & { text: string } => ({
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text: 'x'.repeat(bytes),
});
const present = (i: ReturnType<typeof item>) => ({ id: i.id, text: i.text });
const positionIn = (cursor: string | null) => pageRequestOf({ limit: 50, cursor }).after;

describe('presentPageWithin', () => {
  it('keeps a page whose items fit the budget whole, with the repository’s next position', () => {
    const items = [item(1, 100), item(2, 100)];
    const shown = presentPageWithin({ items, next: items[1] as PagePosition }, present, (i) => i);
    expect(shown.items).to.have.lengthOf(2);
    expect(positionIn(shown.next_cursor)).to.deep.equal({ createdAt: items[1]?.createdAt, id: items[1]?.id });
  });

  it('ends the page before the item that would pass the budget, continuing after the last item shown', () => {
    const third = Math.floor(PAGE_BUDGET_BYTES / 3);
    const items = [item(1, third), item(2, third), item(3, third), item(4, 10)];
    const shown = presentPageWithin({ items, next: null }, present, (i) => i);
    expect(shown.items.map((i) => (i as { id: string }).id)).to.deep.equal([items[0]?.id, items[1]?.id]);
    expect(positionIn(shown.next_cursor)).to.deep.equal({ createdAt: items[1]?.createdAt, id: items[1]?.id });
  });

  it('always shows the first item, however big', () => {
    const items = [item(1, PAGE_BUDGET_BYTES * 2), item(2, 10)];
    const shown = presentPageWithin({ items, next: null }, present, (i) => i);
    expect(shown.items).to.have.lengthOf(1);
    expect(positionIn(shown.next_cursor)?.id).to.equal(items[0]?.id);
  });
});

describe('pageRequestOf', () => {
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  const id = '01a20899-eb53-70a5-affe-07bd5edc9c3e';

  it('reads a cursor of this server back to its position', () => {
    expect(pageRequestOf({ limit: 10, cursor: cursor(`253402300799999.${id}`) })).to.deep.equal({
      limit: 10,
      after: { createdAt: new Date('9999-12-31T23:59:59.999Z'), id },
    });
  });

  it('refuses a cursor past year 9999, which no list position can be (PostgreSQL cannot read it)', () => {
    for (const ms of ['253402300800000', '999999999999999']) {
      expect(() => pageRequestOf({ limit: 10, cursor: cursor(`${ms}.${id}`) })).to.throw(
        'the request does not match the schema of this route',
      );
    }
  });
});
