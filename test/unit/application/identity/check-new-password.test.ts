import { expect } from 'chai';
import { checkNewPassword } from '../../../../src/application/identity/check-new-password.ts';
import type { CommonPasswords } from '../../../../src/application/identity/ports/common-passwords.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';

/** Calls it common exactly when told to, and remembers what it was asked. */
class ScriptedCommonPasswords implements CommonPasswords {
  readonly asked: string[] = [];
  readonly #common: ReadonlySet<string>;

  constructor(common: Iterable<string> = []) {
    this.#common = new Set(common);
  }

  async isCommon(password: string): Promise<boolean> {
    this.asked.push(password);
    return this.#common.has(password);
  }
}

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('checkNewPassword', () => {
  it('refuses what the CommonPasswords port calls common, and accepts the rest', async () => {
    const port = new ScriptedCommonPasswords(['blocked-by-a-service']);
    const error = await refusal(checkNewPassword(port, 'blocked-by-a-service'));
    expect(error)
      .to.be.instanceOf(InvalidInput)
      .with.property('message', 'password is too common; choose another');
    expect(await refusal(checkNewPassword(port, 'fine by the service'))).to.equal(undefined);
  });

  it('never asks the port about a password outside the length bounds', async () => {
    const port = new ScriptedCommonPasswords();
    for (const password of ['short', 'x'.repeat(1025)]) {
      expect(await refusal(checkNewPassword(port, password))).to.be.instanceOf(InvalidInput);
    }
    expect(port.asked).to.deep.equal([]);
  });
});
