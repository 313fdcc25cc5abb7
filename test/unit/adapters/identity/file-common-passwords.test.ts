import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FileCommonPasswords } from '../../../../src/adapters/identity/file-common-passwords.ts';

describe('FileCommonPasswords', () => {
  const list = new FileCommonPasswords();

  it('knows the most common passwords, in any case', async () => {
    for (const password of ['password', 'PassWord', '12345678', 'qwertyuiop', '00000000']) {
      expect(await list.isCommon(password), password).to.equal(true);
    }
  });

  it('does not refuse an uncommon password, nor the comment lines of its file', async () => {
    for (const password of [
      'correct horse battery',
      'Tr0ub4dor&3-x',
      '# data only: regenerate rather than edit.',
    ]) {
      expect(await list.isCommon(password), password).to.equal(false);
    }
  });

  it('reads the file it is given', async () => {
    const file = join(tmpdir(), `common-passwords-${process.pid}.txt`);
    writeFileSync(file, '# a comment\nhunter2hunter2\n\nletmein!\n');
    const small = new FileCommonPasswords(file);
    rmSync(file);
    expect(await small.isCommon('Hunter2Hunter2')).to.equal(true);
    expect(await small.isCommon('letmein!')).to.equal(true);
    expect(await small.isCommon('password')).to.equal(false);
    expect(await small.isCommon('# a comment')).to.equal(false);
  });
});
