// What a watched saved search's alert says: its subject, its one-line body (what the app's
// notification screens show, and what a mail or Slack message says when it renders no details)
// and the same structured (SearchAlertDetails) with the links to the people, the results and the search.
import { MAX_ALERT_NAMES, type SearchAlertDetails } from './details';
import { personName } from './message';

export interface SearchAlertInput {
  search: { id: number; name: string; url: string };
  /** the first new people, in the saved query's order (at most MAX_ALERT_NAMES are named) */
  people: { id: number; first_name: string | null; last_name: string | null }[];
  /** every new person */
  total: number;
  dataSource: { id: number; name: string } | null;
  checkedAt: Date;
  appUrl: string;
}

/** 'Ada, Alan and Grace'; with more than the names: 'Ada, Alan, Grace and 5 more'. */
export function namesSentence(names: string[], total: number): string {
  const rest = total - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** '3 new people match “Berlin founders”' / '1 new person matches “Berlin founders”'. */
const headline = (total: number, name: string) => (total === 1 ? `1 new person matches “${name}”` : `${total} new people match “${name}”`);

export function searchAlertMessage(input: SearchAlertInput): { subject: string; body: string; details: SearchAlertDetails } {
  const root = base(input.appUrl);
  const people = input.people.slice(0, MAX_ALERT_NAMES).map((person) => ({
    id: person.id,
    name: personName(person),
    link: `${root}/profiles/${person.id}`,
  }));
  const query = input.search.url.replace(/^\?/, '');
  const details: SearchAlertDetails = {
    kind: 'saved_search',
    search: { id: input.search.id, name: input.search.name },
    people,
    total: input.total,
    data_source: input.dataSource,
    checked_at: input.checkedAt.toISOString(),
    links: { results: query ? `${root}/profiles?${query}` : `${root}/profiles`, search: `${root}/searches/${input.search.id}` },
  };
  const verb = input.total === 1 ? '1 new person matches' : `${input.total} new people match`;
  return {
    subject: headline(input.total, input.search.name),
    body: `${verb} your saved search “${input.search.name}”: ${namesSentence(
      people.map((person) => person.name),
      input.total,
    )}`,
    details,
  };
}
