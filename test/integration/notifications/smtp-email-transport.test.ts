import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SmtpEmailTransport } from '../../../src/adapters/notifications/transports/smtp-email-transport.ts';
import { testContainer } from '../../support/test-container.ts';

/** A real SMTP server on loopback that parses what arrives. */
async function smtpServer(options: { refuse?: boolean; tls?: { key: string; cert: string } } = {}) {
  const received: ParsedMail[] = [];
  /** Whether each message arrived over TLS. */
  const secure: boolean[] = [];
  const server = new SMTPServer({
    authOptional: true,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (options.refuse)
            return callback(Object.assign(new Error('mailbox full'), { responseCode: 452 }));
          secure.push(session.secure);
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    secure,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A self-signed certificate for 127.0.0.1, made with openssl for this run. */
async function selfSignedCertificate() {
  const dir = await mkdtemp(join(tmpdir(), 'smtp-tls-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return {
    key: await readFile(keyFile, 'utf8'),
    cert: await readFile(certFile, 'utf8'),
    certFile,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

const content = {
  to: 'ada@example.com',
  subject: 'Verify your e-mail',
  text: 'Open http://app.test/verify-email#token=abc',
  html: '<p><a href="http://app.test/verify-email#token=abc">Verify</a></p>',
};

describe('SmtpEmailTransport against a real SMTP server', () => {
  it('delivers text and HTML from the configured sender', async () => {
    const server = await smtpServer();
    const transport = new SmtpEmailTransport({ url: server.url, from: 'Platform <no-reply@app.test>' });
    try {
      await transport.send(content);
      const [mail] = server.received;
      expect(mail?.from?.text).to.equal('"Platform" <no-reply@app.test>');
      expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : undefined).to.equal('ada@example.com');
      expect(mail?.subject).to.equal(content.subject);
      expect(mail?.text?.trim()).to.equal(content.text);
      expect(mail?.html).to.include('href="http://app.test/verify-email#token=abc"');
    } finally {
      transport.close();
      await server.close();
    }
  });

  it('upgrades with STARTTLS, verifying the relay against SMTP_CA_FILE, and refuses an unknown certificate', async () => {
    const tls = await selfSignedCertificate();
    const server = await smtpServer({ tls });
    const url = `${server.url}?requireTLS=true`;
    const trusting = new SmtpEmailTransport({ url, from: 'no-reply@app.test', caPem: tls.cert });
    const untrusting = new SmtpEmailTransport({ url, from: 'no-reply@app.test' });
    try {
      await trusting.send(content);
      expect(server.secure).to.deep.equal([true]);
      const refused = await untrusting.send(content).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(refused?.message).to.match(/^SMTP send failed/);
      expect(server.received).to.have.length(1);
    } finally {
      trusting.close();
      untrusting.close();
      await server.close();
      await tls.remove();
    }
  });

  it('rejects a refused message with the SMTP step only, never the content', async () => {
    const server = await smtpServer({ refuse: true });
    const transport = new SmtpEmailTransport({ url: server.url, from: 'no-reply@app.test' });
    try {
      const error = await transport.send(content).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).to.match(/^SMTP send failed \(\w+ 452\)$/);
    } finally {
      transport.close();
      await server.close();
    }
  });

  it('is what EMAIL_TRANSPORT=smtp wires: the dispatcher delivers a queued e-mail after the commit', async () => {
    const server = await smtpServer();
    const { cradle, container } = await testContainer({
      env: { EMAIL_TRANSPORT: 'smtp', SMTP_URL: server.url, EMAIL_FROM: 'no-reply@app.test' },
    });
    try {
      await cradle.unitOfWork.transaction(() => cradle.queueEmail(content));
      expect(await cradle.emailDispatcher.drain()).to.equal(1);
      expect(server.received.map((mail) => mail.subject)).to.deep.equal([content.subject]);
    } finally {
      await container.dispose();
      await server.close();
    }
  });
});
