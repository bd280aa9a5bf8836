// @vitest-environment node
// What a delivered message carries to act on it (issue 18; docs/ALERTS.md): List-Unsubscribe and
// List-Unsubscribe-Post on a single notification's mail (one click mutes its rule or its saved
// search), 'Mute this rule' and 'Not relevant' links in mail and Slack, a digest's per-item links
// and its header only when one rule or search fed it; saved searches' alerts rendered.
import { describe, expect, it } from 'vitest';
import { SecretBox, registerSecretBox } from '../../../server/accounts/secret-box';
import { readAlertToken } from '../../../server/signals/alert-tokens';
import type { NotificationDetails, SearchAlertDetails } from '../../../server/signals/details';
import { digestMail, digestSlack, notificationMail, notificationSlack, type RenderedRow } from '../../../server/signals/delivery/render';
import { alertLinker } from '../../../server/signals/delivery/render-links';

const APP = 'http://app.test';
const box = new SecretBox('unit test key');
const db = {};
registerSecretBox(db, box);
const READER = 7;
const links = alertLinker(db, APP, READER);

const ruleRow = (id: number, rule: { id: number; name: string }, person: { id: number; name: string }, at: string): RenderedRow => {
  const details: NotificationDetails = {
    person,
    change: { signal: 'location', label: 'location', old: 'Berlin', new: 'Munich' },
    changed_at: at,
    data_source: { id: 1, name: 'Demo feed' },
    rule,
    links: { person: `${APP}/profiles/${person.id}`, rule: `${APP}/rule-sets/${rule.id}` },
  };
  return { id, subject: `${person.name} changed location`, body: 'b', details, created_at: new Date(at) };
};

const searchRow = (id: number, total: number): RenderedRow => {
  const people = Array.from({ length: Math.min(total, 20) }, (_, i) => ({
    id: 100 + i,
    name: `Person ${i}`,
    link: `${APP}/profiles/${100 + i}`,
  }));
  const details: SearchAlertDetails = {
    kind: 'saved_search',
    search: { id: 42, name: 'Berlin founders' },
    people,
    total,
    data_source: { id: 1, name: 'Demo feed' },
    checked_at: '2026-11-25T10:00:00Z',
    links: { results: `${APP}/profiles?search=berlin`, search: `${APP}/searches/42` },
  };
  return { id, subject: '', body: 'b', details, created_at: new Date('2026-11-25T10:00:00Z') };
};

/** The token of a link (page or one-click), read back. */
const tokenIn = (url: string) => readAlertToken(box, new URL(url).searchParams.get('token')!);
const oneClickOf = (headers: Record<string, string> | undefined) => /^<(.+)>$/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
const textLink = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? '';

const founders = { id: 3, name: 'Founders moving' };
const jane = { id: 11, name: 'Jane Doe' };

describe('a single notification', () => {
  it('mail: List-Unsubscribe posts the mute of its rule; the footer links mute it and mark it not relevant', () => {
    const mail = notificationMail('a@b.test', ruleRow(5, founders, jane, '2026-11-25T10:00:00Z'), links);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickOf(mail.headers);
    expect(oneClick).toMatch(/^http:\/\/app\.test\/api\/v1\/alert-actions\/\?token=/);
    expect(tokenIn(oneClick)).toMatchObject({ action: 'mute-rule', id: 3, userId: READER });
    const mute = textLink(mail.text, 'Mute this rule');
    expect(mute).toMatch(/^http:\/\/app\.test\/alert-action\?token=/);
    expect(tokenIn(mute)).toMatchObject({ action: 'mute-rule', id: 3 });
    expect(tokenIn(textLink(mail.text, 'Not relevant'))).toMatchObject({ action: 'not-relevant', id: 5, userId: READER });
    expect(mail.html).toMatch(
      /<a href="http:\/\/app\.test\/alert-action\?token=[^"]+">Mute this rule<\/a> · <a href="[^"]+">Not relevant<\/a>/,
    );
    // the token expires in 60 days
    const days = (tokenIn(mute).expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
  });

  it('without a reader (a row inserted by hand) it carries no links and no List-Unsubscribe', () => {
    const mail = notificationMail('a@b.test', ruleRow(5, founders, jane, '2026-11-25T10:00:00Z'), null);
    expect(mail.headers?.['List-Unsubscribe']).toBeUndefined();
    expect(mail.text).not.toContain('Mute this rule');
  });

  it('a row without details but with its rule still mutes that rule', () => {
    const mail = notificationMail(
      'a@b.test',
      { id: 9, subject: 'S', body: 'Jane moved', details: {}, created_at: new Date(), rule_id: 4 },
      links,
    );
    expect(tokenIn(oneClickOf(mail.headers))).toMatchObject({ action: 'mute-rule', id: 4 });
    expect(mail.text).toContain('Jane moved');
  });

  it('Slack: a last context line with Mute this rule and Not relevant', () => {
    const message = notificationSlack(ruleRow(5, founders, jane, '2026-11-25T10:00:00Z'), links);
    const last = message.blocks.at(-1) as { type: string; elements: { text: string }[] };
    expect(last.type).toBe('context');
    const [, mute, notRelevant] = /^<([^|]+)\|Mute this rule> · <([^|]+)\|Not relevant>$/.exec(last.elements[0]!.text) ?? [];
    expect(tokenIn(mute!)).toMatchObject({ action: 'mute-rule', id: 3 });
    expect(tokenIn(notRelevant!)).toMatchObject({ action: 'not-relevant', id: 5 });
  });
});

describe("a saved search's alert", () => {
  it('mail: the new people named and linked, then "and N more", the results; its mute link mutes the search', () => {
    const mail = notificationMail('a@b.test', searchRow(8, 23), links);
    expect(mail.subject).toBe('23 new people match the saved search “Berlin founders”');
    expect(mail.text).toContain('• Person 0: http://app.test/profiles/100');
    expect(mail.text).toContain('and 3 more');
    expect(mail.text).toContain('See them all: http://app.test/profiles?search=berlin');
    expect(mail.html).toContain('<a href="http://app.test/profiles/119">Person 19</a>');
    expect(tokenIn(oneClickOf(mail.headers))).toMatchObject({ action: 'mute-search', id: 42 });
    expect(tokenIn(textLink(mail.text, 'Mute this search'))).toMatchObject({ action: 'mute-search', id: 42 });
    expect(notificationMail('a@b.test', searchRow(8, 1), links).subject).toBe('1 new person matches the saved search “Berlin founders”');
  });

  it('Slack: names linked, "and N more", See them all, Mute this search', () => {
    const message = notificationSlack(searchRow(8, 21), links);
    const first = message.blocks[0] as { text: { text: string } };
    expect(first.text.text).toContain('<http://app.test/profiles/100|Person 0>');
    expect(first.text.text).toContain('and 1 more');
    expect(JSON.stringify(message.blocks)).toContain('|See them all>');
    expect(JSON.stringify(message.blocks.at(-1))).toContain('|Mute this search>');
  });
});

describe('digests', () => {
  const other = { id: 4, name: 'Anyone in Berlin' };
  const bob = { id: 12, name: 'Bob Roe' };

  it('from one rule: List-Unsubscribe mutes it; each item has its own links', () => {
    const rows = [ruleRow(1, founders, jane, '2026-11-25T08:00:00Z'), ruleRow(2, founders, bob, '2026-11-25T09:00:00Z')];
    const mail = digestMail('a@b.test', 'Low', rows, APP, links);
    expect(tokenIn(oneClickOf(mail.headers))).toMatchObject({ action: 'mute-rule', id: 3 });
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const notRelevant = [...mail.text.matchAll(/Not relevant: (\S+)/g)].map((m) => tokenIn(m[1]!).id);
    expect(notRelevant).toEqual([1, 2]);
    expect(mail.text).toContain('Mute rule “Founders moving”: http://app.test/alert-action?token=');
  });

  it('from several rules and searches: its one click mutes them all (what stops this mail), the footer says so and where to manage them', () => {
    const rows = [
      ruleRow(1, founders, jane, '2026-11-25T08:00:00Z'),
      ruleRow(2, other, jane, '2026-11-25T09:00:00Z'),
      ruleRow(3, founders, jane, '2026-11-25T09:30:00Z'),
      searchRow(4, 2),
    ];
    const mail = digestMail('a@b.test', 'Medium', rows, APP, links);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(tokenIn(oneClickOf(mail.headers))).toMatchObject({
      action: 'mute-digest',
      userId: READER,
      sources: { rules: [founders.id, other.id], searches: [42] },
    });
    expect(tokenIn(textLink(mail.text, 'Mute all 3 rules and saved searches of this digest')).action).toBe('mute-digest');
    expect(mail.text).toContain('Manage them one by one in the app: http://app.test/rule-sets');
    // Jane's item: per rule, its mute and its latest notification's 'Not relevant'
    const marks = [...mail.text.matchAll(/Not relevant \(rule “([^”]+)”\): (\S+)/g)].map((m) => [m[1], tokenIn(m[2]!).id]);
    expect(marks).toEqual([
      ['Founders moving', 3],
      ['Anyone in Berlin', 2],
    ]);
    expect(mail.text).toContain('New matches of “Berlin founders” — Person 0, Person 1');
    expect(tokenIn(textLink(mail.text, 'Mute saved search “Berlin founders”'))).toMatchObject({ action: 'mute-search', id: 42 });
    const slack = digestSlack('Medium', rows, APP, links);
    expect(JSON.stringify(slack.blocks)).toContain('|Mute rule “Anyone in Berlin”>');
    expect(JSON.stringify(slack.blocks)).toContain('|Mute saved search “Berlin founders”>');
  });
});
