// A real local SMTP server that keeps every mail it receives, for API and e2e tests:
// point the app's SMTP_URL at `capture.url` and wait for the mail a flow should send.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail } from './mime';

export interface CapturedMail {
  /** the envelope recipients joined with ', ' (one address for the app's mails) */
  to: string;
  recipients: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** header names in lower case */
  headers: Record<string, string>;
  receivedAt: string;
}

export type MailPredicate = (mail: CapturedMail) => boolean;

export interface SmtpCapture {
  /** smtp://127.0.0.1:{port}, ready for SMTP_URL */
  url: string;
  port: number;
  /** every mail received so far, oldest first */
  messages: CapturedMail[];
  /**
   * The oldest matching mail not handed out before by waitFor (so two waits for
   * two reset mails to one address get the first, then the second).
   * Rejects after `timeoutMs`, listing what did arrive.
   */
  waitFor(predicate: MailPredicate, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** default 0: any free port */
  port?: number;
  /** called for every mail as it arrives (the e2e setup writes them to files) */
  onMail?: (mail: CapturedMail) => void;
}

/** Start capturing. The server accepts any sender, recipient and credentials, without TLS. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const handedOut = new Set<CapturedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    logger: false,
    // nodemailer upgrades to STARTTLS when offered and would reject our self-signed certificate.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks));
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const mailFrom = session.envelope.mailFrom;
        const mail: CapturedMail = {
          to: recipients.join(', '),
          recipients,
          from: mailFrom ? mailFrom.address : '',
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          headers: parsed.headers,
          receivedAt: new Date().toISOString(),
        };
        messages.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  function take(predicate: MailPredicate): CapturedMail | undefined {
    const mail = messages.find((m) => !handedOut.has(m) && predicate(m));
    if (mail) handedOut.add(mail);
    return mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const ready = take(predicate);
      if (ready) return Promise.resolve(ready);
      return new Promise<CapturedMail>((resolve, reject) => {
        const wake = () => {
          const mail = take(predicate);
          if (!mail) return;
          done();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          done();
          const seen = messages.map((m) => `  ${m.to}: ${m.subject}`).join('\n') || '  (none)';
          reject(new Error(`No matching mail within ${timeoutMs} ms. Received:\n${seen}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
