import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { activationMail, passwordResetMail } from '../../server/mail/templates';

/** Without SMTP_URL the whole mail, links included, goes to the log (CONVENTIONS "Starting the app"). */
describe('mail without SMTP_URL', () => {
  it('writes the whole text with its link to the log', async () => {
    const lines: { object: Record<string, unknown>; message: string }[] = [];
    const log = { info: (object: Record<string, unknown>, message: string) => lines.push({ object, message }) } as never;
    const mailer = createMailer({ from: 'Talent Back-office <no-reply@localhost>', log });
    const mail = activationMail('http://app.test', { email: 'ann+x@example.test', first_name: 'Ann' }, 'c0de/+=');
    await mailer.send(mail);
    expect(lines).toHaveLength(1);
    expect(lines[0].message).toContain('http://app.test/activate-account?email=ann%2Bx%40example.test&code=c0de%2F%2B%3D');
    expect(lines[0].message).toContain(mail.subject);
    expect((lines[0].object.mail as { to: string }).to).toBe('ann+x@example.test');
  });

  it('escapes names in the HTML body and carries the reset link in both bodies', () => {
    const mail = passwordResetMail('http://app.test', { email: 'a@example.test', first_name: '<b>Eve</b>' }, 'abc');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&#60;b&#62;Eve');
    expect(mail.text).toContain('http://app.test/reset-password?email=a%40example.test&code=abc');
    expect(mail.html).toContain('http://app.test/reset-password?email=a%40example.test&#38;code=abc');
  });
});
