import { isIP } from 'node:net';
import type { Transporter } from 'nodemailer';
import type { EmailTransport } from '../../../application/notifications/ports/email-transport.ts';
import type { EmailContent } from '../../../domain/notifications/outgoing-email.ts';

/**
 * Sends through an SMTP relay with nodemailer (`EMAIL_TRANSPORT=smtp`). `SMTP_URL` decides the connection:
 * `smtps://` is TLS from the first byte; `smtp://` upgrades with STARTTLS whenever the relay offers it (add
 * `?requireTLS=true` to refuse a relay that does not). Certificates are verified against the system's CAs,
 * plus `caPem` when given (a private relay). nodemailer is imported on the first send, so a server whose outbox
 * is empty (or that sends no mail at all) does not hold its 39 modules.
 */
export class SmtpEmailTransport implements EmailTransport {
  readonly #options: object;
  #transporter: Promise<Transporter> | undefined;
  readonly #from: string;

  constructor({ url, from, caPem }: { url: string; from: string; caPem?: string | undefined }) {
    const { hostname } = new URL(url);
    // SNI carries host names only (RFC 6066); the certificate is still checked against an IP address.
    const servername = isIP(hostname) ? {} : { servername: hostname };
    this.#options = {
      url,
      ...(caPem ? { tls: { ca: caPem, ...servername } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
    this.#from = from;
  }

  async send({ to, subject, text, html }: EmailContent): Promise<void> {
    this.#transporter ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(this.#options as Parameters<typeof createTransport>[0]),
    );
    const transporter = await this.#transporter;
    try {
      await transporter.sendMail({ from: this.#from, to, subject, text, html });
    } catch (error) {
      // nodemailer's errors name the SMTP step and reply, never the message; keep only that much.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      throw new Error(`SMTP send failed (${code ?? 'error'}${responseCode ? ` ${responseCode}` : ''})`);
    }
  }

  close(): void {
    void this.#transporter?.then((transporter) => transporter.close());
  }
}
