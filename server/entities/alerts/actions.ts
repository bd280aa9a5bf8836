// What a signed link in a mail or a Slack message does (issue 18; docs/ALERTS.md): the token
// (server/signals/alert-tokens.ts) names an action, its target and the user it was sent to. GET
// describes it — mail scanners open links, so opening one never acts — and POST does it, once:
// doing it again answers the same. A link whose target is gone, or no longer the user's, is refused.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlertAction, AlertActionName } from '../../../types/api';
import type { SecretBox } from '../../accounts/secret-box';
import { AlertTokenError, readAlertToken, type AlertToken } from '../../signals/alert-tokens';
import { ValidationError } from '../../errors';
import { audited, entityRecord, snapshot, type AuditedEntity } from '../../audit/audited';
import { rules } from '../rules/entity';
import { searches } from '../searches/entity';
import { notifications } from '../notifications/entity';
import {
  digestTarget,
  muteDigestSources,
  notificationTarget,
  ruleTarget,
  searchTarget,
  setMuted,
  setNotRelevant,
  type LinkTarget,
} from './repository';

export const NO_LONGER_VALID =
  'This link is no longer valid: what it names was deleted or is no longer yours. Sign in to change your alerts from the app.';

type Kind = AlertAction['target']['kind'];

/** The link refused: its message as the page shows it, and the parameter at fault named under `fields`. */
const tokenRefused = (message: string) => new ValidationError([message], { token: [message] });

interface ActionDeclaration {
  kind: Kind;
  target(db: Kysely<Database>, id: number, token: AlertToken): Promise<LinkTarget | null>;
  perform(db: Kysely<Database>, id: number, token: AlertToken): Promise<void>;
  /** what it changes, for the audit trail: each object and the action it is recorded as */
  audited: { action: 'mute' | 'relevance'; objects(id: number, token: AlertToken): [AuditedEntity, number][] };
  /** what the page asks before, and says after */
  question(name: string): string;
  doneMessage(name: string): string;
}

const quoted = (name: string) => `“${name.length > 120 ? `${name.slice(0, 119)}…` : name}”`;

const ACTIONS: Record<AlertActionName, ActionDeclaration> = {
  'mute-rule': {
    kind: 'rule',
    target: ruleTarget,
    perform: (db, id) => setMuted(db, 'rule', id, true),
    audited: { action: 'mute', objects: (id) => [[rules as AuditedEntity, id]] },
    question: (name) => `Mute the rule ${quoted(name)}? It will raise no notifications until you unmute it in the app.`,
    doneMessage: (name) => `The rule ${quoted(name)} is muted: it raises no notifications until you unmute it in the app.`,
  },
  'mute-search': {
    kind: 'saved_search',
    target: searchTarget,
    perform: (db, id) => setMuted(db, 'saved_search', id, true),
    audited: { action: 'mute', objects: (id) => [[searches as AuditedEntity, id]] },
    question: (name) => `Mute the alerts of the saved search ${quoted(name)}? You can unmute them in the app.`,
    doneMessage: (name) => `The saved search ${quoted(name)} is muted: it sends no alerts until you unmute it in the app.`,
  },
  'mute-digest': {
    kind: 'digest',
    target: (db, _id, token) => digestTarget(db, token.sources!),
    perform: (db, _id, token) => muteDigestSources(db, token.sources!),
    audited: {
      action: 'mute',
      objects: (_id, token) => [
        ...token.sources!.rules.map((id): [AuditedEntity, number] => [rules as AuditedEntity, id]),
        ...token.sources!.searches.map((id): [AuditedEntity, number] => [searches as AuditedEntity, id]),
      ],
    },
    question: (name) => `Mute ${name}? This digest will stop; you can unmute each in the app.`,
    doneMessage: (name) => `Muted ${name}: they raise no notifications until you unmute them in the app.`,
  },
  'not-relevant': {
    kind: 'notification',
    target: notificationTarget,
    perform: (db, id) => setNotRelevant(db, id, true),
    audited: { action: 'relevance', objects: (id) => [[notifications as AuditedEntity, id]] },
    question: (name) => `Mark the notification ${quoted(name)} as not relevant? It counts in its rule's noise figures.`,
    doneMessage: (name) => `The notification ${quoted(name)} is marked as not relevant. Thank you: it counts in its rule's noise figures.`,
  },
};

/** The action a token names, checked: signed here, not expired, its target there and still the user's. */
async function resolve(db: Kysely<Database>, box: SecretBox, token: string) {
  let read: ReturnType<typeof readAlertToken>;
  try {
    read = readAlertToken(box, token);
  } catch (error) {
    // forged, changed or expired: a 400 that says which
    if (error instanceof AlertTokenError) throw tokenRefused(error.message);
    throw error;
  }
  const declaration = ACTIONS[read.action];
  const [target, user] = await Promise.all([
    declaration.target(db, read.id, read),
    db.selectFrom('app_user').select(['is_active', 'email']).where('id', '=', read.userId).executeTakeFirst(),
  ]);
  if (!target || !user?.is_active || !target.users.includes(read.userId)) throw tokenRefused(NO_LONGER_VALID);
  return { read, declaration, target, user: { id: read.userId, email: user.email } };
}

function describe(read: { action: AlertActionName; id: number }, declaration: ActionDeclaration, name: string, done: boolean): AlertAction {
  return {
    action: read.action,
    target: { kind: declaration.kind, id: read.id, name },
    done,
    message: done ? declaration.doneMessage(name) : declaration.question(name),
  };
}

/** GET: what the link does and whether it is done already. */
export async function describeAlertAction(db: Kysely<Database>, box: SecretBox, token: string): Promise<AlertAction> {
  const { read, declaration, target } = await resolve(db, box, token);
  return describe(read, declaration, target.name, target.done);
}

/**
 * POST: does it (idempotent), audited as the user the link was sent to; doing it again changes
 * nothing and records nothing (mail clients retry one-click POSTs).
 */
export async function performAlertAction(db: Kysely<Database>, box: SecretBox, token: string): Promise<AlertAction> {
  const { read, declaration, target, user } = await resolve(db, box, token);
  await audited(db, user, async (trx, trail) => {
    // the objects read whole: the link's user owns them (resolve checked it)
    const reader = { id: user.id, is_staff: true };
    const objects = declaration.audited.objects(read.id, read);
    const before = await Promise.all(objects.map(([entity, id]) => snapshot(entity, trx, reader, id)));
    await declaration.perform(trx, read.id, read);
    for (const [index, [entity, id]] of objects.entries()) {
      const record = entityRecord(entity, declaration.audited.action, id, before[index], await snapshot(entity, trx, reader, id));
      if (Object.keys(record.changes).length) trail.add(record);
    }
  });
  return describe(read, declaration, target.name, true);
}
