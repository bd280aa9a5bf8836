// Alerts scouts trust (issue 18; docs/ALERTS.md): muting, snoozing, relevance and the actions a
// mail or a Slack message carries as signed links (no session).
import { Type } from 'typebox';
import { DateTime, Nullable } from '../schema';
import { OneOf } from './signals';

/** What a signed link in a mail or a Slack message does. */
/** 'mute-digest': every rule and saved search a digest gathers (its one-click unsubscribe). */
export const ALERT_ACTIONS = ['mute-rule', 'mute-search', 'mute-digest', 'not-relevant'] as const;
export type AlertActionName = (typeof ALERT_ACTIONS)[number];

/** Snoozing a person: no rule nor watched search of this user fires for them meanwhile. */
export const SNOOZE_DAYS = [7, 30, 90] as const;

/** Body of POST /rules/{id}/mute/ and /searches/{id}/mute/. */
export const MuteRequestSchema = Type.Object({ muted: Type.Boolean() });

/** Body of POST /notifications/{id}/relevance/. */
export const RelevanceRequestSchema = Type.Object({ not_relevant: Type.Boolean() });

/** Querystring of GET and POST /alert-actions/: the signed token of the link. */
export const AlertActionQuerySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) });

/** What a link does, to what, and whether it is done (GET describes, POST does). */
export const AlertActionSchema = Type.Object({
  action: OneOf(ALERT_ACTIONS),
  target: Type.Object({
    kind: OneOf(['rule', 'saved_search', 'digest', 'notification'] as const),
    /** the rule, saved search or notification; 0 for a digest's rules and searches */
    id: Type.Integer(),
    name: Type.String(),
  }),
  /** the action has been done (now or before) */
  done: Type.Boolean(),
  /** what the page says, e.g. 'The rule “Founders moving” is muted.' */
  message: Type.String(),
});

/** Body of PUT /profiles/{id}/snooze/. */
export const SnoozeRequestSchema = Type.Object({
  days: Type.Unsafe<(typeof SNOOZE_DAYS)[number]>({ type: 'integer', enum: [...SNOOZE_DAYS] }),
});

/** GET/PUT/DELETE /profiles/{id}/snooze/: until when the signed-in user has snoozed this person (null: not snoozed). */
export const SnoozeSchema = Type.Object({ profile_id: Type.Integer(), until: Nullable(DateTime) });

/** GET /rules/{id}/noise/: what the rule raised in the last `days` days and how much was marked not relevant. */
export const RuleNoiseSchema = Type.Object({
  days: Type.Integer(),
  raised: Type.Integer(),
  not_relevant: Type.Integer(),
  /** not_relevant / raised, 0 when nothing was raised */
  share: Type.Number(),
});
