import { expect } from 'chai';
import { keptHeaders } from '../../../../../src/adapters/triggers/http/webhook-headers.ts';

/** What senders put beside the body to prove who they are: none of it may be stored or shown. */
const CREDENTIALS: Record<string, string> = {
  'x-signature': 'sha256=abc',
  'x-hub-signature': 'sha1=abc',
  'x-hub-signature-256': 'sha256=abc',
  'stripe-signature': 't=1,v1=abc',
  'x-slack-signature': 'v0=abc',
  'x-shopify-hmac-sha256': 'c2hvcGlmeQ==',
  'x-hmac': 'abc',
  'x-goog-iap-jwt-assertion': 'eyJhbGciOi.x.y',
  'x-webhook-pass': 'hunter2',
  'x-gitlab-token': 'glpat-secret',
  'webhook-signature': 'v1,abc',
  'svix-signature': 'v1,abc',
  'x-twilio-email-event-webhook-signature': 'abc',
  'x-amz-sns-message-signature': 'abc',
  'x-api-key': 'key',
  authorization: 'Bearer abc',
  'proxy-authorization': 'Basic abc',
  cookie: 'sid=abc',
  'x-forwarded-for': '203.0.113.9',
  'x-real-ip': '203.0.113.9',
};

describe('keptHeaders (the headers stored with a webhook delivery)', () => {
  it('drops every signature and credential header, whatever the provider', () => {
    expect(keptHeaders(CREDENTIALS)).to.deep.equal({});
  });

  it('drops headers it does not know, x-* ones included', () => {
    const kept = keptHeaders({
      'x-custom-thing': 'a',
      'x-my-app-pass': 'b',
      'x-internal-note': 'c',
      via: '1.1 proxy',
      host: 'example.com',
      'content-length': '12',
    });
    expect(kept).to.deep.equal({});
  });

  it("keeps the content type, the user agent and providers' event and delivery-id headers", () => {
    const sent = {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/abc',
      'idempotency-key': 'k-1',
      'x-github-event': 'push',
      'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-gitlab-event': 'Push Hook',
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': 'b54557e4',
      'x-slack-retry-num': '1',
      'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      'webhook-timestamp': '1674087231',
      'x-event-type': 'deploy',
      'x-delivery-id': 'd-1',
    };
    expect(keptHeaders({ ...sent, ...CREDENTIALS })).to.deep.equal(sent);
  });

  it('joins repeated headers and drops values over 2 KiB', () => {
    expect(keptHeaders({ 'x-github-event': ['a', 'b'], 'user-agent': 'u'.repeat(2049) })).to.deep.equal({
      'x-github-event': 'a, b',
    });
  });
});
