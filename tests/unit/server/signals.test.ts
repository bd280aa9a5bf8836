// @vitest-environment node
// The signals engine's pure half (server/signals/): every operator on every attribute, the job
// semantics (a real move, leaving, a first job, a late-added old role, a title edit, reordered
// jobs, two open roles) and the notification's sentence.
import { describe, expect, it } from 'vitest';
import { dateOf, jobShown, jobSignals, primaryJob, startedBefore, type StoredJob } from '../../../server/signals/job-changes';
import { operatorMatches, ruleMatch, signalsOf, type Signals } from '../../../server/signals/match';
import { notificationMessage, utcTime } from '../../../server/signals/message';
import { RULE_MODELS } from '../../../server/signals/vocabulary';

const job = (job_title: string, company: string | null, start_date: string, end_date: string | null = null, id?: number): StoredJob => ({
  job_title,
  start_date,
  end_date,
  company: company === null ? null : { id: id ?? null, name: company },
});

const PREVIOUS = new Date('2026-11-20T10:00:00Z');
const acme = job('CTO', 'Acme', '2019-03-01', null, 1);
const school = job('Intern', 'School', '2012-06', '2014-01', 9);

describe('operators', () => {
  const change = { old: 'Berlin', new: 'Munich, Germany' };
  const table: [string, string, boolean][] = [
    ['changed', '*', true],
    ['changed to', '  munich, GERMANY ', true],
    ['changed to', 'Munich', false],
    ['changed to', 'Berlin', false],
    ['changed from', 'berlin', true],
    ['changed from', 'Munich, Germany', false],
    ['contains', 'GERMANY', true],
    ['contains', ' munich', true],
    ['contains', 'Berl', false],
    ['equals', 'BERLIN', true],
    ['equals', 'munich, germany', true],
    ['equals', 'Munich', false],
    ['no such operator', '*', false],
  ];
  it.each(table)('%s %j → %s', (operator, value, expected) => {
    expect(operatorMatches(operator, value, change)).toBe(expected);
  });

  it('a side that is none matches no value', () => {
    const arrived = { old: null, new: 'Acme' };
    expect(operatorMatches('changed', '*', arrived)).toBe(true);
    expect(operatorMatches('changed from', '', arrived)).toBe(false);
    expect(operatorMatches('equals', 'acme', arrived)).toBe(true);
    const left = { old: 'Acme', new: null };
    expect(operatorMatches('changed to', 'Acme', left)).toBe(false);
    expect(operatorMatches('contains', 'a', left)).toBe(false);
    expect(operatorMatches('changed from', 'ACME', left)).toBe(true);
  });
});

describe('every operator on every attribute', () => {
  // one change per signal: location Berlin → Munich, headline, and a job move CTO at Acme → Founder at Stealth
  const profileSignals = {
    ...signalsOf('location', 'Berlin', 'Munich', null),
    ...signalsOf('headline', 'CTO at Acme', 'Founder, building something new', null),
    ...signalsOf('jobs', [acme], [{ ...acme, end_date: '2026-11' }, job('Founder', 'Stealth', '2026-11-25', null, 2)], PREVIOUS),
  };
  const values: Record<string, { old: string; new: string; part: string }> = {
    location: { old: 'Berlin', new: 'Munich', part: 'unic' },
    headline: { old: 'CTO at Acme', new: 'Founder, building something new', part: 'BUILDING' },
    current_company: { old: 'Acme', new: 'Stealth', part: 'stea' },
    company: { old: 'Acme', new: 'Stealth', part: 'stea' },
    job_title: { old: 'CTO', new: 'Founder', part: 'found' },
  };
  const cases = Object.entries(RULE_MODELS).flatMap(([model_name, attributes]) =>
    Object.entries(attributes)
      .filter(([, declaration]) => !declaration.also)
      .flatMap(([attribute, declaration]) => declaration.operators.map((operator) => [model_name, attribute, operator.name] as const)),
  );
  it.each(cases)('%s.%s %s', (model_name, attribute, operator) => {
    const v = values[attribute]!;
    const rule = (value: string) => ruleMatch({ model_name, attribute, operator, value }, profileSignals);
    const hits: Record<string, [string, string]> = {
      changed: ['*', ''],
      'changed to': [` ${v.new.toUpperCase()} `, v.old],
      'changed from': [v.old.toLowerCase(), v.new],
      contains: [v.part, 'nothing like it'],
      equals: [v.new, v.part],
    };
    const [matching, missing] = hits[operator]!;
    const matched = rule(matching);
    expect(matched?.signal).toBe(RULE_MODELS[model_name]![attribute]!.signal);
    expect(matched?.change).toMatchObject({ old: v.old, new: v.new });
    if (operator !== 'changed') expect(rule(missing)).toBeUndefined();
    // the operator reads the company name and the job title, not the sentence's 'CTO at Acme'
    if (attribute === 'company' || attribute === 'job_title' || attribute === 'current_company') {
      expect(matched?.change).toMatchObject({ shownOld: 'CTO at Acme', shownNew: 'Founder at Stealth' });
      if (operator !== 'changed') expect(rule('CTO at Acme')).toBeUndefined();
    }
  });

  it('Profile.job_or_location reads a job move or a location change, whichever the row carries', () => {
    const rule = (operator: string, value: string, signals: Signals) =>
      ruleMatch({ model_name: 'Profile', attribute: 'job_or_location', operator, value }, signals);
    const location = signalsOf('location', 'Berlin', 'Munich', null);
    const move = signalsOf('jobs', [acme], [{ ...acme, end_date: '2026-11' }, job('Founder', 'Stealth', '2026-11-25', null, 2)], PREVIOUS);
    const retitled = signalsOf('jobs', [acme], [{ ...acme, job_title: 'CEO' }], PREVIOUS);
    expect(rule('changed', '*', location)).toMatchObject({ signal: 'location', change: { old: 'Berlin', new: 'Munich' } });
    expect(rule('changed', '*', move)).toMatchObject({ signal: 'company', change: { old: 'Acme', new: 'Stealth' } });
    expect(rule('changed', '*', retitled)).toBeUndefined();
    expect(rule('changed to', 'munich', location)?.signal).toBe('location');
    expect(rule('changed to', 'munich', move)).toBeUndefined();
    expect(rule('changed from', 'acme', move)?.signal).toBe('company');
  });

  it('a rule on a signal the row does not carry, or on an unknown attribute, does not match', () => {
    const location = signalsOf('location', 'Berlin', 'Munich', null);
    expect(ruleMatch({ model_name: 'Job', attribute: 'company', operator: 'changed', value: '*' }, location)).toBeUndefined();
    expect(ruleMatch({ model_name: 'Profile', attribute: 'email', operator: 'changed', value: '*' }, location)).toBeUndefined();
    expect(ruleMatch({ model_name: 'Profile', attribute: '__proto__', operator: 'changed', value: '*' }, location)).toBeUndefined();
  });

  it('rows the rules do not read: current_company (the jobs row says it), annotations, a case-only edit', () => {
    expect(signalsOf('current_company', 'Acme', 'Stealth', null)).toEqual({});
    expect(signalsOf('gender_value', 'female', 'male', null)).toEqual({});
    expect(signalsOf('profile', null, 'created', null)).toEqual({});
    expect(signalsOf('location', 'Berlin', ' berlin ', null)).toEqual({});
    expect(signalsOf('location', null, 'Berlin', null)).toEqual({
      location: { old: null, new: 'Berlin', shownOld: null, shownNew: 'Berlin' },
    });
  });
});

describe('job semantics', () => {
  it('a real company move: company and title', () => {
    const after = [job('Founder', 'Stealth', '2026-11-25'), { ...acme, end_date: '2026-11-25' }, school];
    expect(jobSignals([acme, school], after, PREVIOUS)).toEqual({
      company: { old: 'Acme', new: 'Stealth', shownOld: 'CTO at Acme', shownNew: 'Founder at Stealth' },
      job_title: { old: 'CTO', new: 'Founder', shownOld: 'CTO at Acme', shownNew: 'Founder at Stealth' },
    });
  });

  it('a move with the same title is a company change only; a new job listed last still counts', () => {
    const after = [{ ...acme, end_date: '2026-11-25' }, school, job('CTO', 'Stealth', '2026-11-25')];
    expect(jobSignals([acme, school], after, PREVIOUS)).toEqual({
      company: { old: 'Acme', new: 'Stealth', shownOld: 'CTO at Acme', shownNew: 'CTO at Stealth' },
    });
  });

  it('left the job: company and title to none; with a second open role, that one becomes current', () => {
    expect(jobSignals([acme], [{ ...acme, end_date: '2026-11' }], PREVIOUS)).toEqual({
      company: { old: 'Acme', new: null, shownOld: 'CTO at Acme', shownNew: null },
      job_title: { old: 'CTO', new: null, shownOld: 'CTO at Acme', shownNew: null },
    });
    const advisor = job('Advisor', 'Beta', '2012-01-05');
    expect(jobSignals([advisor, acme], [advisor, { ...acme, end_date: '2026-11' }], PREVIOUS).company).toEqual({
      old: 'Acme',
      new: 'Beta',
      shownOld: 'CTO at Acme',
      shownNew: 'Advisor at Beta',
    });
  });

  it('a first job', () => {
    expect(jobSignals([], [job('Engineer', 'Acme', '2026-11-25')], PREVIOUS)).toEqual({
      company: { old: null, new: 'Acme', shownOld: null, shownNew: 'Engineer at Acme' },
      job_title: { old: null, new: 'Engineer', shownOld: null, shownNew: 'Engineer at Acme' },
    });
    expect(jobSignals(null, [job('Engineer', 'Acme', '2026-11-25')], PREVIOUS).company?.new).toBe('Acme');
  });

  it('a late-added old role (started before the previous retrieval) is no change, listed first or last', () => {
    const late = job('Board member', 'Gamma', '2023-04-02');
    expect(jobSignals([acme, school], [late, acme, school], PREVIOUS)).toEqual({});
    expect(jobSignals([acme, school], [acme, school, late], PREVIOUS)).toEqual({});
    // to the month or the year: still before
    expect(jobSignals([acme], [acme, job('Board member', 'Gamma', '2026-10')], PREVIOUS)).toEqual({});
    expect(jobSignals([acme], [acme, job('Board member', 'Gamma', '2025')], PREVIOUS)).toEqual({});
    // the previous retrieval's own month or day is not before it: a real move
    expect(jobSignals([acme], [job('Founder', 'Gamma', '2026-11')], PREVIOUS).company?.new).toBe('Gamma');
    expect(jobSignals([acme], [job('Founder', 'Gamma', '2026-11-20')], PREVIOUS).company?.new).toBe('Gamma');
    // without a previous retrieval known, nothing counts as late
    expect(jobSignals([acme], [acme, late], null).company?.new).toBe('Gamma');
  });

  it('a title edited at the same company is a job title change only (the edited role is not late-added)', () => {
    expect(jobSignals([acme, school], [{ ...acme, job_title: 'Chief Technology Officer' }, school], PREVIOUS)).toEqual({
      job_title: { old: 'CTO', new: 'Chief Technology Officer', shownOld: 'CTO at Acme', shownNew: 'Chief Technology Officer at Acme' },
    });
    // a case-only edit or spaces are not a change
    expect(jobSignals([acme], [{ ...acme, job_title: ' cto ' }], PREVIOUS)).toEqual({});
  });

  it('the same jobs in another order change nothing, even with two open roles', () => {
    const advisor = job('Advisor', 'Beta', '2012-01-05');
    expect(jobSignals([advisor, acme, school], [school, acme, advisor], PREVIOUS)).toEqual({});
    expect(jobSignals([acme, advisor], [advisor, acme], PREVIOUS)).toEqual({});
  });

  it('two open jobs: the one that started last is current; a tie goes the same way whatever the order', () => {
    const advisor = job('Advisor', 'Beta', '2012-01-05');
    expect(primaryJob([advisor, acme])).toBe(acme);
    expect(primaryJob([acme, advisor])).toBe(acme);
    const [a, b] = [job('CTO', 'Zeta', '2020-01'), job('CEO', 'Alpha', '2020-01')];
    expect(primaryJob([a, b])).toBe(b);
    expect(primaryJob([b, a])).toBe(b);
    expect(jobSignals([a, b], [b, a], PREVIOUS)).toEqual({});
    // a year is its first day: '2020' started before '2020-01-02'
    const [year, day] = [job('X', 'Year', '2020'), job('Y', 'Day', '2020-01-02')];
    expect(primaryJob([day, year])).toBe(day);
  });

  it('companies compared by id when both sides have one, else by name (case and spaces ignored)', () => {
    const renamed = { ...acme, company: { id: 1, name: 'Acme Corporation' } };
    expect(jobSignals([acme], [renamed], PREVIOUS)).toEqual({});
    const idGained = { ...acme, company: { id: null, name: ' ACME ' } };
    expect(jobSignals([acme], [idGained], PREVIOUS)).toEqual({});
    const otherAcme = { ...acme, company: { id: 7, name: 'Acme' } };
    expect(jobSignals([acme], [otherAcme], PREVIOUS).company).toMatchObject({ old: 'Acme', new: 'Acme' });
  });

  it('dates: to the year, month or day, longer ones cut to the day, others parsed', () => {
    expect(dateOf('2024')).toBe('2024');
    expect(dateOf('2024-05')).toBe('2024-05');
    expect(dateOf('2024-05-01T12:00:00Z')).toBe('2024-05-01');
    expect(dateOf('May 3, 2024 12:00 UTC')).toBe('2024-05-03');
    expect(dateOf('')).toBeNull();
    expect(dateOf(null)).toBeNull();
    expect(startedBefore('2024-05', new Date('2024-06-03T00:00:00Z'))).toBe(true);
    expect(startedBefore('2024-05', new Date('2024-05-20T00:00:00Z'))).toBe(false);
    expect(startedBefore(null, new Date())).toBe(false);
  });

  it('jobs as shown', () => {
    expect(jobShown(acme)).toBe('CTO at Acme');
    expect(jobShown(job('Freelancer', null, '2020'))).toBe('Freelancer');
    expect(jobShown({ company: { name: 'Acme' } })).toBe('Acme');
    expect(jobShown(null)).toBeNull();
  });
});

describe('the message', () => {
  const input = {
    person: { id: 12, first_name: 'Jane', last_name: 'Doe' },
    signal: 'company' as const,
    change: { old: 'Acme', new: 'Stealth', shownOld: 'CTO at Acme', shownNew: 'Founder at Stealth' },
    changedAt: new Date('2026-11-25T14:03:09Z'),
    dataSource: { id: 3, name: 'Demo feed' },
    rule: { id: 5, name: 'Moves' },
    appUrl: 'https://talent.example/',
  };

  it('says who changed what, old → new, when and through which source; details carry the links', () => {
    const message = notificationMessage(input);
    expect(message.body).toBe(
      'Jane Doe changed job: CTO at Acme → Founder at Stealth (retrieved by “Demo feed” on 25 Nov 2026, 14:03 UTC)',
    );
    expect(message.subject).toBe('Jane Doe changed job (rule “Moves”)');
    expect(message.details).toEqual({
      person: { id: 12, name: 'Jane Doe' },
      change: { signal: 'company', label: 'job', old: 'CTO at Acme', new: 'Founder at Stealth' },
      changed_at: '2026-11-25T14:03:09.000Z',
      data_source: { id: 3, name: 'Demo feed' },
      rule: { id: 5, name: 'Moves' },
      links: { person: 'https://talent.example/profiles/12', rule: 'https://talent.example/rule-sets/5' },
    });
  });

  it('none for a missing side; a change made in the app', () => {
    const message = notificationMessage({
      ...input,
      signal: 'location',
      change: { old: null, new: 'Berlin', shownOld: null, shownNew: 'Berlin' },
      dataSource: null,
    });
    expect(message.body).toBe('Jane Doe changed location: none → Berlin (changed in the app on 25 Nov 2026, 14:03 UTC)');
    expect(message.details.data_source).toBeNull();
    expect(utcTime(new Date('2026-01-05T03:04:00Z'))).toBe('5 Jan 2026, 03:04 UTC');
  });
});
