// Rules and the notifications they raise (SPEC §3 Rule, Notification; docs/RULES.md).
import { Type } from 'typebox';
import { DateTime, IdList, Nullable, RequiredText } from '../schema';

export const NOTIFICATION_TYPES = ['Email', 'Slack'] as const;
export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const NOTIFICATION_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
/** SPEC §9 Rule defaults */
export const RULE_DEFAULTS = { notification_type: 'Email', priority: 'High' } as const;
/** what a rule's value holds when its operator reads none ('changed'): SPEC still requires a value */
export const ANY_VALUE = '*';

/** One of `names`, typed as their union (a `Type.Union` over `names.map(…)` would be typed `never`). */
export const OneOf = <const T extends readonly string[]>(names: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...names] });

export const NotificationTypeSchema = OneOf(NOTIFICATION_TYPES);
export const PrioritySchema = OneOf(PRIORITIES);
const NotificationType = NotificationTypeSchema;
const Priority = PrioritySchema;

export const NamedRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const RuleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  notification_type: NotificationType,
  priority: Priority,
  model_name: Type.String(),
  attribute: Type.String(),
  operator: Type.String(),
  value: Type.String(),
  profile_lists: Type.Array(NamedRefSchema),
  /** e-mail of the user who created it */
  created_by: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  /** muted (from the app, a mail or a Slack message): it raises nothing until unmuted (issue 18) */
  muted: Type.Boolean(),
  muted_at: Nullable(DateTime),
});

/** Body of POST /rules/ and PUT /rules/{id}/ (SPEC §7 Rules); model, attribute and operator are checked against GET /rules/details/. */
export const RuleWriteSchema = Type.Object({
  name: RequiredText(255),
  notification_type: Type.Optional(NotificationType),
  priority: Type.Optional(Priority),
  model_name: Type.String({ minLength: 1, maxLength: 50 }),
  attribute: Type.String({ minLength: 1, maxLength: 50 }),
  operator: Type.String({ minLength: 1, maxLength: 50 }),
  value: RequiredText(1000),
  profile_lists: Type.Optional(IdList),
});

export const RuleOperatorSchema = Type.Object({
  name: Type.String(),
  /** what it matches, with an example (docs/RULES.md) */
  description: Type.String(),
  /** whether the rule's value is read ('changed' reads none: '*') */
  uses_value: Type.Boolean(),
});

/** GET /rules/details/: the options of the rule form. */
export const RuleDetailsSchema = Type.Object({
  notification_types: Type.Array(Type.String()),
  priorities: Type.Array(Type.String()),
  model_names: Type.Array(Type.String()),
  /** per model, per attribute, its operators */
  rules: Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(RuleOperatorSchema))),
  /** per model, per attribute, its label */
  attribute_labels: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
  profile_lists: Type.Array(NamedRefSchema),
});

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  notification_status: OneOf(NOTIFICATION_STATUSES),
  notification_type: NotificationType,
  recipient: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  priority: Priority,
  /** why the last delivery failed (FAILED, or PENDING between retries) */
  failure_reason: Nullable(Type.String()),
  attempts: Type.Integer(),
  sent_at: Nullable(DateTime),
  rule: Nullable(NamedRefSchema),
  /** the watched saved search whose new matches it lists (issue 18) */
  saved_search: Nullable(NamedRefSchema),
  /** marked 'Not relevant' by its recipient (from the app, the mail or Slack) */
  not_relevant: Type.Boolean(),
  profile: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
});

/** Querystring of GET /rules/preview/: the rule as the form holds it (issue 18, preview before saving). */
export const RulePreviewQuerySchema = Type.Object({
  model_name: Type.String({ minLength: 1, maxLength: 50 }),
  attribute: Type.String({ minLength: 1, maxLength: 50 }),
  operator: Type.String({ minLength: 1, maxLength: 50 }),
  value: Type.String({ maxLength: 1000 }),
  profile_lists: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 200 })),
});

/** How often the rule would have fired on the change log of the last `days` days, for how many people, with a few examples (newest first). */
export const RulePreviewSchema = Type.Object({
  days: Type.Integer(),
  fired: Type.Integer(),
  people: Type.Integer(),
  examples: Type.Array(
    Type.Object({ profile: Type.Object({ id: Type.Integer(), name: Type.String() }), sentence: Type.String(), changed_at: DateTime }),
  ),
});
