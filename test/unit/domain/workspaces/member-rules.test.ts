import { expect } from 'chai';
import { hasRole, type Role } from '../../../../src/domain/kernel/roles.ts';
import {
  assertDeletable,
  assertKeepsAnOwner,
  LastOwner,
} from '../../../../src/domain/workspaces/member-rules.ts';
import { Membership, Workspace } from '../../../../src/domain/workspaces/workspace.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const members = (...roles: Role[]) =>
  roles.map((role, i) => new Membership({ workspaceId: 'w', userId: `u${i}`, role, createdAt: T0 }));

describe('workspace roles and member rules', () => {
  it('ranks owner above admin above member', () => {
    const table = (['owner', 'admin', 'member'] as const).map((role) =>
      (['owner', 'admin', 'member'] as const).map((minimum) => hasRole(role, minimum)),
    );
    expect(table).to.deep.equal([
      [true, true, true],
      [false, true, true],
      [false, false, true],
    ]);
  });

  it('always keeps at least one owner', () => {
    expect(() => assertKeepsAnOwner(members('owner', 'admin'), { userId: 'u0', role: 'admin' })).to.throw(
      LastOwner,
    );
    expect(() => assertKeepsAnOwner(members('owner', 'admin'), { userId: 'u0', role: null })).to.throw(
      LastOwner,
    );
    expect(() => assertKeepsAnOwner(members('owner', 'owner'), { userId: 'u0', role: null })).to.not.throw();
    expect(() => assertKeepsAnOwner(members('owner', 'admin'), { userId: 'u1', role: null })).to.not.throw();
    expect(() =>
      assertKeepsAnOwner(members('owner', 'admin'), { userId: 'u1', role: 'owner' }),
    ).to.not.throw();
  });

  it('keeps personal workspaces; renames refuse blank and control characters', () => {
    const personal = new Workspace({ id: 'w', name: 'mine', personal: true, createdAt: T0 });
    expect(() => assertDeletable(personal)).to.throw(/personal/);
    const shared = Workspace.create({ id: 'w2', name: ' Team ' }, T0);
    expect(shared).to.deep.include({ name: 'Team', personal: false });
    expect(() => assertDeletable(shared)).to.not.throw();
    expect(() => shared.rename('  ')).to.throw(/name/);
    expect(() => shared.rename('a\nb')).to.throw(/name/);
  });
});
