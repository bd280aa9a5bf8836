// Self-test of the shared SMTP capture (tests/support/smtp.ts): real mails sent with
// nodemailer, the way the server sends them, must come back decoded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type Transporter } from 'nodemailer';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { mailLink, mailLinks } from '../support/mime';

describe('SMTP capture', () => {
  let capture: SmtpCapture;
  let transport: Transporter;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    transport = nodemailer.createTransport(capture.url);
  });

  afterAll(async () => {
    transport.close();
    await capture.close();
  });

  it('gives an smtp:// url on the loopback interface', () => {
    expect(capture.url).toBe(`smtp://127.0.0.1:${capture.port}`);
  });

  it('decodes a quoted-printable text + HTML mail with a non-ASCII subject', async () => {
    const link = 'http://localhost:8000/activate-account?email=ana%2Btest%40example.com&code=Zx9-Q_1';
    const longLine = `Bienvenue, Zoë! ${'Please activate your account now. '.repeat(4)}`;
    await transport.sendMail({
      from: 'Talent Back-office <no-reply@localhost>',
      to: 'ana+test@example.com',
      subject: 'Activez votre compte — Zoë',
      text: `${longLine}\n${link}\n`,
      // the two ways HTML escapes '&' in a link: by name and by number
      html: `<p>${longLine}</p><p><a href="${link.replace(/&/g, '&#38;')}">Activate</a> ${link.replace(/&/g, '&amp;')}</p>`,
    });
    const mail = await capture.waitFor((m) => m.to === 'ana+test@example.com');
    expect(mail.recipients).toEqual(['ana+test@example.com']);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.subject).toBe('Activez votre compte — Zoë');
    expect(mail.text).toContain(longLine);
    expect(mail.html).toContain(`<p>${longLine}</p>`);
    expect(mailLinks(mail)).toEqual([link]);
    const url = mailLink(mail, '/activate-account');
    expect(url.searchParams.get('email')).toBe('ana+test@example.com');
    expect(url.searchParams.get('code')).toBe('Zx9-Q_1');
  });

  it('decodes base64 bodies and skips attachments', async () => {
    await transport.sendMail({
      from: 'no-reply@localhost',
      to: 'b64@example.com',
      subject: 'Réinitialisation',
      text: 'Réinitialisez: http://localhost/reset-password?email=b64%40example.com&code=abc',
      textEncoding: 'base64',
      attachments: [{ filename: 'note.txt', content: 'not the body' }],
    });
    const mail = await capture.waitFor((m) => m.to === 'b64@example.com');
    expect(mail.subject).toBe('Réinitialisation');
    expect(mail.text).toBe('Réinitialisez: http://localhost/reset-password?email=b64%40example.com&code=abc');
    expect(mail.html).toBe('');
    expect(mailLink(mail, '/reset-password').searchParams.get('code')).toBe('abc');
  });

  it('hands each mail out once, oldest first, and waits for one still to come', async () => {
    const send = (n: number) => transport.sendMail({ from: 'a@localhost', to: 'twice@example.com', subject: `Mail ${n}`, text: `${n}` });
    await send(1);
    await send(2);
    const first = await capture.waitFor((m) => m.to === 'twice@example.com');
    const second = await capture.waitFor((m) => m.to === 'twice@example.com');
    expect([first.subject, second.subject]).toEqual(['Mail 1', 'Mail 2']);
    const third = capture.waitFor((m) => m.to === 'twice@example.com', 5000);
    await send(3);
    expect((await third).subject).toBe('Mail 3');
  });

  it('rejects after the timeout, listing what arrived', async () => {
    await expect(capture.waitFor((m) => m.to === 'nobody@example.com', 200)).rejects.toThrow(
      /No matching mail within 200 ms[\s\S]*twice@example.com: Mail 1/,
    );
  });

  it('accepts credentials when the app is given smtp://user:pass@host:port', async () => {
    const withAuth = nodemailer.createTransport(`smtp://user:secret@127.0.0.1:${capture.port}`);
    await withAuth.sendMail({ from: 'a@localhost', to: 'auth@example.com', subject: 'Auth', text: 'ok' });
    withAuth.close();
    expect((await capture.waitFor((m) => m.to === 'auth@example.com')).text).toBe('ok');
  });
});
