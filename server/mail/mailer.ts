import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra header lines (e.g. X-Talent-Notification on notifications) */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Why a mail was not accepted, as the SMTP server said it: `responseCode` is its reply code when
 * it answered (550, 421…), absent when the connection itself failed; `permanent` is true for a
 * refusal that sending the same mail again would meet again (5xx but 503, or a message that cannot
 * be addressed at all), false for what may pass later (4xx, a connection lost, a timeout).
 */
export class MailError extends Error {
  readonly responseCode?: number;
  readonly permanent: boolean;

  constructor(message: string, options: { responseCode?: number; permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'MailError';
    this.responseCode = options.responseCode;
    this.permanent = options.permanent;
  }
}

/** nodemailer's error as a MailError (its reply code and whether it is permanent). */
function mailError(error: unknown): MailError {
  const e = error as { message?: string; code?: string; responseCode?: number; response?: string; permanent?: boolean };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent =
    responseCode !== undefined
      ? (e.permanent ?? (responseCode >= 500 && responseCode !== 503))
      : // no reply: a mail that cannot be addressed (no valid recipient) never will be
        e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
  const reply = e.response?.trim().slice(0, 500);
  const message = responseCode !== undefined ? `The mail server answered: ${reply || responseCode}` : (e.message ?? String(error));
  return new MailError(message, { responseCode, permanent, cause: error });
}

/**
 * Mail goes to SMTP_URL; without it the whole message, links included, is
 * written to the log, so a fresh installation can still activate accounts.
 * A refused or failed mail rejects with a MailError.
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
      try {
        await (await transport).sendMail({ from, ...mail });
      } catch (error) {
        throw mailError(error);
      }
      log.info({ to: mail.to, subject: mail.subject }, 'e-mail sent');
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
