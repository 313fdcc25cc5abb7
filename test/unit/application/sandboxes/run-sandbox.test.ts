import { expect } from 'chai';
import { Forbidden, InvalidInput, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

describe('running code in the sandbox (use case)', () => {
  it('runs main(input) for admins with the default limits; refuses members, outsiders and limits past the maxima', async () => {
    const app = await useCases();
    const ada = await actor(app, 'ada');
    const cy = await actor(app, 'cyd');
    const eve = await actor(app, 'eve');
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: cy.principal, login: 'cyd' }, 'member');
    const code = 'function main(input) { return input === null ? "no input" : input }';
    const ran = await app.runSandbox(ada.principal, { workspaceId, language: 'javascript', code });
    expect(ran).to.deep.include({ output: 'no input', error: null, logs: [] });
    const run = (principal: typeof ada.principal, more = {}) =>
      fail(app.runSandbox(principal, { workspaceId, language: 'javascript', code, ...more }));
    expect(await run(cy.principal)).to.be.instanceOf(Forbidden);
    expect(await run(eve.principal)).to.be.instanceOf(NotFound);
    expect(await run(ada.principal, { timeoutMs: 10_001 })).to.be.instanceOf(InvalidInput);
    expect(await run(ada.principal, { memoryMb: 257 })).to.be.instanceOf(InvalidInput);
  });
});
