import { expect } from 'chai';
import { GithubSignatureVerifier } from '../../../../../src/adapters/triggers/crypto/github-signature-verifier.ts';
import { HmacSignatureVerifier } from '../../../../../src/adapters/triggers/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../../../../../src/adapters/triggers/crypto/random-webhook-secret-generator.ts';
import { ShopifySignatureVerifier } from '../../../../../src/adapters/triggers/crypto/shopify-signature-verifier.ts';
import { SlackSignatureVerifier } from '../../../../../src/adapters/triggers/crypto/slack-signature-verifier.ts';
import { StandardWebhooksSignatureVerifier } from '../../../../../src/adapters/triggers/crypto/standard-webhooks-signature-verifier.ts';
import { StripeSignatureVerifier } from '../../../../../src/adapters/triggers/crypto/stripe-signature-verifier.ts';
import { signedTestHeaders } from '../../../../../src/adapters/triggers/crypto/test-delivery-signer.ts';
import type { SignatureVerifier } from '../../../../../src/application/triggers/ports/signature-verifier.ts';
import { TRIGGER_SIGNATURE_SCHEMES } from '../../../../../src/domain/triggers/index.ts';

const VERIFIERS: Record<(typeof TRIGGER_SIGNATURE_SCHEMES)[number], SignatureVerifier> = {
  platform: new HmacSignatureVerifier(),
  github: new GithubSignatureVerifier(),
  stripe: new StripeSignatureVerifier(),
  slack: new SlackSignatureVerifier(),
  'standard-webhooks': new StandardWebhooksSignatureVerifier(),
  shopify: new ShopifySignatureVerifier(),
};
const NOW = new Date('2026-11-26T12:00:00.000Z');
const BODY = '{"test":true}';
const ID = '01a217c9-9080-7dc0-895c-e6804d2911f4';

describe("the console's signed test delivery: headers each scheme's own verifier accepts", () => {
  const secrets = new RandomWebhookSecretGenerator();
  for (const scheme of TRIGGER_SIGNATURE_SCHEMES) {
    it(`${scheme}: valid for its secret and body, with a timestamp where the scheme signs one; not for another`, () => {
      const secret = secrets.newSigningSecret(scheme);
      const headers = signedTestHeaders(scheme, { secret, body: BODY, now: NOW, id: ID });
      const verify = (body: string, keys: string[], requireTimestamp: boolean) =>
        VERIFIERS[scheme].verify({
          headers: (name) => headers[name],
          body: new TextEncoder().encode(body),
          secrets: keys,
          now: NOW,
          requireTimestamp,
        });
      const timestamped = !['github', 'shopify'].includes(scheme);
      expect(verify(BODY, [secret], timestamped).valid).to.equal(true);
      expect(verify(`${BODY} `, [secret], false).valid, 'another body').to.equal(false);
      expect(verify(BODY, [secrets.newSigningSecret(scheme)], false).valid, 'another secret').to.equal(false);
      expect(headers['content-type']).to.equal('application/json');
    });
  }
});
