import { expect } from 'chai';
import { camelCased, listFilterOf } from '../../../../../src/adapters/platform/http/request-input.ts';

describe('request input mapping', () => {
  it('camelCases top-level names only, leaving values (a mission definition) as sent, then adds extra', () => {
    const input = camelCased(
      { workspace_id: 'w1', max_body_bytes: 10, definition: { step_one: 1 } },
      { ip: '::1' },
    );
    expect(input).to.deep.equal({
      workspaceId: 'w1',
      maxBodyBytes: 10,
      definition: { step_one: 1 },
      ip: '::1',
    });
  });

  it('takes the page out of a list query, leaving the filter', () => {
    const filter = listFilterOf({ workspace_id: 'w1', mission_id: 'm1', limit: 50, cursor: 'abc' });
    expect(filter).to.deep.equal({ workspaceId: 'w1', missionId: 'm1' });
  });
});
