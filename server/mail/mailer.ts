import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail goes to SMTP_URL; without it the whole message, links included, is
 * written to the log, so a fresh installation can still activate accounts.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ mail: { from, ...mail, html: undefined } }, `E-mail to ${mail.to}: ${mail.subject}\n\n${mail.text}`);
      },
      close() {},
    };
  }
  // nodemailer loads with the first mail, not with every start
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, 'e-mail sent');
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
