import type { Mail } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A link into the app: `{APP_URL}{path}?email=…&code=…`, values URL-encoded (CONVENTIONS "Emails"). */
export function appLink(appUrl: string, path: string, query: Record<string, string>): string {
  return `${appUrl}${path}?${new URLSearchParams(query).toString()}`;
}

function mail(to: string, subject: string, greeting: string, paragraphs: string[], action: { label: string; url: string }): Mail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.url}`, '', '— Talent Back-office'].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>
<p>— Talent Back-office</p>
</body></html>`;
  return { to, subject, text, html };
}

export function activationMail(appUrl: string, user: { email: string; first_name: string }, code: string): Mail {
  const url = appLink(appUrl, '/activate-account', { email: user.email, code });
  return mail(
    user.email,
    'Activate your Talent Back-office account',
    `Hello ${user.first_name || user.email},`,
    ['Welcome to Talent Back-office. Please confirm your e-mail address to activate your account.', 'This link is valid for 7 days.'],
    { label: 'Activate my account', url },
  );
}

export function passwordResetMail(appUrl: string, user: { email: string; first_name: string }, code: string): Mail {
  const url = appLink(appUrl, '/reset-password', { email: user.email, code });
  return mail(
    user.email,
    'Reset your Talent Back-office password',
    `Hello ${user.first_name || user.email},`,
    [
      'Someone asked to reset the password of your account. If it was you, choose a new password below; otherwise ignore this e-mail.',
      'This link is valid for 1 hour and works once.',
    ],
    { label: 'Choose a new password', url },
  );
}
