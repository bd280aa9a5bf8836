// What a notification says (SPEC §3 Notification; issue Signals 3): its one-line body as the
// screens show it — who changed what, old → new, when, through which data source — its subject,
// and the same structured (details.ts) with the links to the person and the rule, which the
// delivery renders as mail, Slack blocks and digest items.
import type { NotificationDetails } from './details';
import type { SignalChange } from './job-changes';
import type { AttributeSignal } from './vocabulary';

/** How the sentence names each signal. */
export const SIGNAL_LABELS: Record<AttributeSignal, string> = {
  location: 'location',
  headline: 'headline',
  company: 'job',
  job_title: 'job title',
};

export interface MessageInput {
  person: { id: number; first_name: string | null; last_name: string | null };
  signal: AttributeSignal;
  change: SignalChange;
  changedAt: Date;
  /** the data source whose retrieval wrote the change; null for one made in the app */
  dataSource: { id: number | null; name: string } | null;
  rule: { id: number; name: string };
  appUrl: string;
}

export interface NotificationMessage {
  subject: string;
  body: string;
  details: NotificationDetails;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '25 Nov 2026, 14:03 UTC' (the app's date style; mail has no time zone of its reader). */
export function utcTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

export function personName(person: MessageInput['person']): string {
  const name = [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || `Profile ${person.id}`;
}

/** The link base without a trailing slash. */
const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** "Jane Doe changed job: CTO at Acme → Founder at Stealth (retrieved by “Demo feed” on 25 Nov 2026, 14:03 UTC)". */
export function notificationMessage(input: MessageInput): NotificationMessage {
  const name = personName(input.person);
  const label = SIGNAL_LABELS[input.signal];
  const [old, next] = [input.change.shownOld ?? 'none', input.change.shownNew ?? 'none'];
  const when = utcTime(input.changedAt);
  const how = input.dataSource ? `retrieved by “${input.dataSource.name}” on ${when}` : `changed in the app on ${when}`;
  const details: NotificationDetails = {
    person: { id: input.person.id, name },
    change: { signal: input.signal, label, old: input.change.shownOld, new: input.change.shownNew },
    changed_at: input.changedAt.toISOString(),
    data_source: input.dataSource?.id != null ? { id: input.dataSource.id, name: input.dataSource.name } : null,
    rule: { id: input.rule.id, name: input.rule.name },
    links: { person: `${base(input.appUrl)}/profiles/${input.person.id}`, rule: `${base(input.appUrl)}/rule-sets/${input.rule.id}` },
  };
  return {
    subject: `${name} changed ${label} (rule “${input.rule.name}”)`,
    body: `${name} changed ${label}: ${old} → ${next} (${how})`,
    details,
  };
}
