// What a notification says, structured: the engine (server/signals/engine.ts) writes it with the
// notification, the delivery (server/signals/delivery/) renders it as mail, Slack blocks and
// digest items; `body` is its one-line text as SPEC's screens show it.
import type { AttributeSignal } from './vocabulary';

export interface NotificationDetails {
  person: { id: number; name: string };
  change: {
    /** what moved: location, headline, company (a job change) or job_title */
    signal: AttributeSignal;
    /** 'location', 'headline', 'job', 'job title' — as the sentence says it */
    label: string;
    /** as the sentence shows them: 'CTO at Acme', 'Berlin'; null: none */
    old: string | null;
    new: string | null;
  };
  /** when the change was recorded (ISO 8601) */
  changed_at: string;
  /** the data source whose retrieval brought it; null for a change made in the app (a staff correction) */
  data_source: { id: number; name: string } | null;
  rule: { id: number; name: string };
  /** absolute links (APP_URL) to the person's page and the rule */
  links: { person: string; rule: string };
}

/**
 * What a watched saved search's alert says (issue 18): the people a retrieval brought who newly
 * match it — the first 20 by name, the rest counted.
 */
export interface SearchAlertDetails {
  kind: 'saved_search';
  search: { id: number; name: string };
  /** the first MAX_ALERT_NAMES new people */
  people: { id: number; name: string; link: string }[];
  /** every new person, listed or not */
  total: number;
  /** the retrieval that brought them */
  data_source: { id: number; name: string } | null;
  /** when the check ran (ISO 8601) */
  checked_at: string;
  /** absolute links (APP_URL): the profiles screen with the saved query, the saved search's page */
  links: { results: string; search: string };
}

/** People named in a saved search's alert; the rest are 'and N more'. */
export const MAX_ALERT_NAMES = 20;
