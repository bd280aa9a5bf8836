// Records and options of the rules and notifications screens' tests, shaped as
// types/wire/signals.ts says.
import type { Notification, Rule, RuleDetails } from '../../../types/api';

const operators = {
  changed: { name: 'changed', description: 'Any change; the value is not read (enter *).', uses_value: false },
  changedTo: { name: 'changed to', description: 'The new value is the value.', uses_value: true },
  contains: { name: 'contains', description: 'The new value contains the value.', uses_value: true },
};

export const ruleDetails: RuleDetails = {
  notification_types: ['Email', 'Slack'],
  priorities: ['High', 'Medium', 'Low'],
  model_names: ['Profile', 'Job'],
  rules: {
    Profile: {
      location: [operators.changed, operators.changedTo],
      headline: [operators.contains, operators.changed],
    },
    Job: {
      job_title: [operators.changedTo, operators.contains],
      company: [operators.changed],
    },
  },
  attribute_labels: {
    Profile: { location: 'Location', headline: 'Headline' },
    Job: { job_title: 'Job title', company: 'Company' },
  },
  profile_lists: [
    { id: 1, name: 'Founders' },
    { id: 2, name: 'Berlin engineers' },
  ],
};

// the wire's enumerations are plain strings here: the records are built as the server answers them
export const rule = (id: number, change: Partial<Record<keyof Rule, unknown>> = {}): Rule =>
  ({
    id,
    name: `Rule ${id}`,
    notification_type: 'Email',
    priority: 'High',
    model_name: 'Profile',
    attribute: 'location',
    operator: 'changed to',
    value: 'Berlin',
    profile_lists: [{ id: 1, name: 'Founders' }],
    created_by: 'owner@example.com',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    ...change,
  }) as unknown as Rule;

export const notification = (id: number, change: Partial<Record<keyof Notification, unknown>> = {}): Notification =>
  ({
    id,
    body: `Jane Doe ${id} changed job: CTO at Acme → Founder at Stealth`,
    notification_status: 'PENDING',
    notification_type: 'Email',
    recipient: 'owner@example.com',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    priority: 'High',
    failure_reason: null,
    attempts: 0,
    sent_at: null,
    rule: { id: 3, name: 'Founders move' },
    profile: { id: 5, first_name: 'Jane', last_name: 'Doe' },
    ...change,
  }) as unknown as Notification;

/** A dataProvider `request` answering GET /rules/details/ (or its failure). */
/** A rule's preview as GET /rules/preview/ answers it. */
export const rulePreview = {
  days: 30,
  fired: 3,
  people: 2,
  examples: [
    {
      profile: { id: 7, name: 'Jane Doe' },
      sentence: 'Jane Doe changed job: CTO at Acme → Founder at Stealth',
      changed_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

export const detailsRequest =
  (
    details: () => Promise<unknown> = () => Promise.resolve(ruleDetails),
    preview: () => Promise<unknown> = () => Promise.resolve(rulePreview),
  ) =>
  (method: string, path: string) =>
    method === 'GET' && path === '/rules/details/'
      ? details()
      : method === 'GET' && path.startsWith('/rules/preview/?')
        ? preview()
        : Promise.reject(new Error(`unexpected ${method} ${path}`));
