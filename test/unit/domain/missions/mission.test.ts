import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { Mission } from '../../../../src/domain/missions/mission.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const T1 = new Date('2026-11-21T13:00:00.000Z');

describe('Mission', () => {
  const create = (props: Partial<Parameters<typeof Mission.create>[0]> = {}) =>
    Mission.create({ id: 'm1', workspaceId: 'w1', name: 'Report', ...props }, T0);

  it('trims the name, defaults to no description and an empty definition', () => {
    expect(create({ name: '  Report  ' })).to.deep.include({
      name: 'Report',
      description: null,
      definition: {},
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it('refuses empty or long names, long descriptions, and definitions that are not small JSON objects', () => {
    for (const props of [
      { name: ' ' },
      { name: 'x'.repeat(201) },
      { description: 'x'.repeat(4001) },
      { definition: [] },
      { definition: 'steps' },
      { definition: { blob: 'x'.repeat(64 * 1024) } },
    ]) {
      expect(() => create(props), JSON.stringify(props).slice(0, 60)).to.throw(InvalidInput);
    }
    expect(create({ definition: { blob: 'x'.repeat(60 * 1024) } }).definition).to.have.property('blob');
  });

  it('updates only the fields given, validating all of them before changing any', () => {
    const mission = create({ description: 'old', definition: { a: 1 } });
    expect(() => mission.update({ name: 'New', definition: [] }, T1)).to.throw(InvalidInput);
    expect(mission).to.deep.include({ name: 'Report', updatedAt: T0 });
    mission.update({ description: null }, T1);
    expect(mission).to.deep.include({
      name: 'Report',
      description: null,
      definition: { a: 1 },
      updatedAt: T1,
    });
  });
});
