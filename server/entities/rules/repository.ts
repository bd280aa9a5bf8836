// Rules' SQL and checks (SPEC §3 Rule, §7 Rules): a rule watches one attribute of one model
// (server/signals/vocabulary.ts) on the profiles of some profile lists, and belongs to its owner.
import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database, RuleTable } from '../../db/schema';
import type { Viewer } from '../../db/viewer';
import type { Rule, RuleDetails, RuleWrite } from '../../../types/api';
import { ANY_VALUE, NOTIFICATION_TYPES, PRIORITIES, RULE_DEFAULTS } from '../../../types/wire/signals';
import { fieldErrors } from '../../errors';
import { ownedByColleagues } from '../../db/visibility';
import { MODEL_NAMES, OPERATORS, RULE_MODELS, attributeOf, operatorOf } from '../../signals/vocabulary';
import { ensurePersonalList } from '../profile-lists/repository';

export type RuleRow = Selectable<RuleTable>;

/** The profile lists `viewer` may read (the owner's and their organization colleagues'; staff: all). */
export function readableProfileLists(db: Kysely<Database>, viewer: Viewer) {
  return ownedByColleagues(db.selectFrom('profile_list').select(['profile_list.id', 'profile_list.name']), viewer);
}

/** Rows → items: the lists each rule watches that the viewer may read, and the owner's e-mail. */
export async function toRules(db: Kysely<Database>, viewer: Viewer, rows: RuleRow[]): Promise<Rule[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const owners = [...new Set(rows.map((r) => r.owner_id))];
  const [lists, emails] = await Promise.all([
    readableProfileLists(db, viewer)
      .innerJoin('rule_profile_list as rl', 'rl.profile_list_id', 'profile_list.id')
      .select('rl.rule_id')
      .where('rl.rule_id', 'in', ids)
      .orderBy(sql`lower(profile_list.name)`)
      .orderBy('profile_list.id')
      .execute(),
    db.selectFrom('app_user').select(['id', 'email']).where('id', 'in', owners).execute(),
  ]);
  const emailOf = new Map(emails.map((u) => [u.id, u.email]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    notification_type: row.notification_type,
    priority: row.priority,
    model_name: row.model_name,
    attribute: row.attribute,
    operator: row.operator,
    value: row.value,
    profile_lists: lists.filter((l) => l.rule_id === row.id).map((l) => ({ id: l.id, name: l.name })),
    created_by: emailOf.get(row.owner_id) ?? '',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    muted: row.muted_at !== null,
    muted_at: row.muted_at?.toISOString() ?? null,
  }));
}

type Watched = Pick<RuleWrite, 'model_name' | 'attribute' | 'operator'>;

/** What is wrong with a rule's model, attribute and operator, field by field (the vocabulary's words). */
export function vocabularyProblems({ model_name, attribute, operator }: Watched): [string, string][] {
  if (!Object.hasOwn(RULE_MODELS, model_name)) {
    return [['model_name', `"${model_name}" is not a model rules can watch. Allowed: ${MODEL_NAMES.join(', ')}.`]];
  }
  const declared = attributeOf(model_name, attribute);
  if (!declared) {
    const known = Object.keys(RULE_MODELS[model_name]!).join(', ');
    return [['attribute', `"${attribute}" is not an attribute of ${model_name}. Allowed: ${known}.`]];
  }
  if (!operatorOf(model_name, attribute, operator)) {
    const known = declared.operators.map((o) => o.name).join(', ');
    return [['operator', `"${operator}" is not an operator of ${model_name}.${attribute}. Allowed: ${known}.`]];
  }
  return [];
}

/** Ids among `ids` that name no profile list `viewer` may read. */
export async function unreadableProfileLists(db: Kysely<Database>, viewer: Viewer, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await readableProfileLists(db, viewer).where('profile_list.id', 'in', unique).execute();
  const seen = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !seen.has(id));
}

/** Refuses a rule (as it will be stored) that the vocabulary does not know or that names lists the viewer may not read: every problem at once. */
async function checkRule(db: Kysely<Database>, viewer: Viewer, rule: Watched, profileLists: number[] | undefined): Promise<void> {
  const problems = vocabularyProblems(rule);
  for (const id of await unreadableProfileLists(db, viewer, profileLists ?? [])) {
    problems.push(['profile_lists', `Invalid pk "${id}" - object does not exist.`]);
  }
  if (problems.length) throw fieldErrors(problems);
}

/** A preview's rule and lists, checked as a rule's are (its value may be empty while the form is filled). */
export async function checkPreview(db: Kysely<Database>, viewer: Viewer, rule: Watched, profileLists: number[]): Promise<void> {
  await checkRule(db, viewer, rule, profileLists);
}

export async function createRule(db: Kysely<Database>, viewer: Viewer, body: RuleWrite): Promise<number> {
  await checkRule(db, viewer, body, body.profile_lists);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('rule')
      .values({
        name: body.name.trim(),
        notification_type: body.notification_type ?? RULE_DEFAULTS.notification_type,
        priority: body.priority ?? RULE_DEFAULTS.priority,
        model_name: body.model_name,
        attribute: body.attribute,
        operator: body.operator,
        value: body.value.trim(),
        owner_id: viewer.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceProfileLists(trx, row.id, body.profile_lists ?? []);
    return row.id;
  });
}

/**
 * Applies the fields given (PUT: all, PATCH: some), checking the rule as it will be: a new
 * attribute must still take the stored operator. The lists the viewer may not read stay on it.
 */
export async function updateRule(db: Kysely<Database>, viewer: Viewer, id: number, body: Partial<RuleWrite>): Promise<void> {
  const stored = await db.selectFrom('rule').select(['model_name', 'attribute', 'operator']).where('id', '=', id).executeTakeFirstOrThrow();
  await checkRule(db, viewer, { ...stored, ...definedFields(body) }, body.profile_lists);
  const hidden = body.profile_lists ? await unreadableProfileLists(db, viewer, await profileListIdsOf(db, id)) : [];
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('rule')
      .set({
        updated_at: sql`now()`,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.value !== undefined ? { value: body.value.trim() } : {}),
        ...(body.notification_type !== undefined ? { notification_type: body.notification_type } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.model_name !== undefined ? { model_name: body.model_name } : {}),
        ...(body.attribute !== undefined ? { attribute: body.attribute } : {}),
        ...(body.operator !== undefined ? { operator: body.operator } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (body.profile_lists) {
      await replaceProfileLists(trx, id, [...body.profile_lists, ...hidden]);
    }
  });
}

function definedFields(body: Partial<RuleWrite>): Partial<Watched> {
  const fields: Partial<Watched> = {};
  if (body.model_name !== undefined) fields.model_name = body.model_name;
  if (body.attribute !== undefined) fields.attribute = body.attribute;
  if (body.operator !== undefined) fields.operator = body.operator;
  return fields;
}

/** The lists a rule watches, replaced by `ids`. */
async function replaceProfileLists(db: Kysely<Database>, ruleId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.deleteFrom('rule_profile_list').where('rule_id', '=', ruleId).execute();
  if (unique.length) {
    await db
      .insertInto('rule_profile_list')
      .values(unique.map((profile_list_id) => ({ rule_id: ruleId, profile_list_id })))
      .execute();
  }
}

async function profileListIdsOf(db: Kysely<Database>, ruleId: number): Promise<number[]> {
  const rows = await db.selectFrom('rule_profile_list').select('profile_list_id').where('rule_id', '=', ruleId).execute();
  return rows.map((r) => r.profile_list_id);
}

/** GET /rules/details/: what the rule form offers, the profile lists the viewer may read by name. */
export async function ruleDetails(db: Kysely<Database>, viewer: Viewer): Promise<RuleDetails> {
  const lists = await readableProfileLists(db, viewer).orderBy(sql`lower(profile_list.name)`).orderBy('profile_list.id').execute();
  const rules: RuleDetails['rules'] = {};
  const attribute_labels: RuleDetails['attribute_labels'] = {};
  for (const model of MODEL_NAMES) {
    rules[model] = {};
    attribute_labels[model] = {};
    for (const [attribute, declaration] of Object.entries(RULE_MODELS[model]!)) {
      rules[model][attribute] = declaration.operators.map(({ name, description, uses_value }) => ({ name, description, uses_value }));
      attribute_labels[model][attribute] = declaration.label;
    }
  }
  return {
    notification_types: [...NOTIFICATION_TYPES],
    priorities: [...PRIORITIES],
    model_names: [...MODEL_NAMES],
    rules,
    attribute_labels,
    profile_lists: lists.map((l) => ({ id: l.id, name: l.name })),
  };
}

/** The default rule's name (a crowdsourcing user's, over their own list). */
export const PERSONAL_RULE_NAME = 'A person in my list changes job or location';

/**
 * A crowdsourcing user's rule over their own list (default entity): a person in it changes job
 * or location → e-mail them, at once. Created once, with the list if it is not there yet.
 */
export async function ensurePersonalRule(db: Kysely<Database>, user: { id: number; email: string }): Promise<void> {
  const listId = await ensurePersonalList(db, user);
  const existing = await db
    .selectFrom('rule')
    .select('id')
    .where('owner_id', '=', user.id)
    .where('name', '=', PERSONAL_RULE_NAME)
    .executeTakeFirst();
  if (existing) return;
  await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('rule')
      .values({
        name: PERSONAL_RULE_NAME,
        notification_type: 'Email',
        priority: 'High',
        model_name: 'Profile',
        attribute: 'job_or_location',
        operator: OPERATORS.changed.name,
        value: ANY_VALUE,
        owner_id: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceProfileLists(trx, row.id, [listId]);
  });
}
