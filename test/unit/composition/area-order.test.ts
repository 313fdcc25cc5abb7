import { expect } from 'chai';
import { AREA_ORDER } from '../../../src/composition/area-order.ts';
import { AREAS } from '../../../src/container.ts';

describe('the composition root', () => {
  it('lists the area modules in the order the layering check enforces, after the platform', () => {
    expect(AREAS.map((area) => area.name)).to.deep.equal(['platform', ...AREA_ORDER]);
  });
});
