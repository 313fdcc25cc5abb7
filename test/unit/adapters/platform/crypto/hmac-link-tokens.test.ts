import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { HmacFeedbackLinkSigner } from '../../../../../src/adapters/feedback/crypto/hmac-feedback-link-signer.ts';
import { HmacFileLinkSigner } from '../../../../../src/adapters/files/crypto/hmac-file-link-signer.ts';
import { HmacLinkTokens } from '../../../../../src/adapters/platform/crypto/hmac-link-tokens.ts';

describe('HmacLinkTokens: signed links of one purpose each', () => {
  const masterKey = randomBytes(32);
  const id = randomUUID();
  const expiresAt = new Date('2026-11-26T10:00:00.000Z');

  it('verifies its own token, in its one spelling, and nothing altered', () => {
    const tokens = new HmacLinkTokens({ masterKey, keyPurpose: 'test-links', label: 'test-link:v1' });
    const token = tokens.sign({ id, expiresAt });
    expect(tokens.verify(token)).to.deep.equal({ id, expiresAt });
    const [, expiry, mac] = token.split('.') as [string, string, string];
    const altered = [
      `${randomUUID()}.${expiry}.${mac}`,
      `${id}.${Number(expiry) + 1}.${mac}`,
      `${id.toUpperCase()}.${expiry}.${mac}`,
      `${id}.0${expiry}.${mac}`,
      `${id}.${expiry}.${mac.slice(0, -1)}${mac.at(-1) === 'A' ? 'B' : 'A'}`,
      `${id}.${expiry}.${mac}=`,
      `${token}.`,
    ];
    for (const bad of altered) expect(tokens.verify(bad), bad).to.equal(undefined);
    const otherKey = new HmacLinkTokens({
      masterKey: randomBytes(32),
      keyPurpose: 'test-links',
      label: 'test-link:v1',
    });
    expect(otherKey.verify(token)).to.equal(undefined);
  });

  it('keeps file links and feedback links apart: neither verifies as the other', () => {
    const files = new HmacFileLinkSigner({ masterKey });
    const feedback = new HmacFeedbackLinkSigner({ masterKey });
    const fileToken = files.sign({ fileId: id, expiresAt });
    const feedbackToken = feedback.sign({ runId: id, expiresAt });
    expect(files.verify(fileToken)).to.deep.equal({ fileId: id, expiresAt });
    expect(feedback.verify(feedbackToken)).to.deep.equal({ runId: id, expiresAt });
    expect(feedback.verify(fileToken)).to.equal(undefined);
    expect(files.verify(feedbackToken)).to.equal(undefined);
  });
});
