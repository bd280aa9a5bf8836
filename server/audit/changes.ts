// What an audit entry says changed (issue 19): the fields of an object as the API answers it,
// before and after a write — every field on create and delete, only those that differ on
// update — with secrets masked. Pure functions over the items, so every entity gets its
// changes from its declaration without code of its own.
import { AUDIT_MASK } from '../../types/api';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;
type Item = Record<string, unknown>;

/** How an entity's items read in the audit log (optional: the defaults serve most). */
export interface AuditDeclaration<ItemType = unknown> {
  /** fields of the item left out: derived, not written (a data source's latest executions) */
  ignore?: string[];
  /** the item's secret values as dotted paths ('connection_parameters.api_key'): masked */
  secrets?(item: ItemType): string[];
  /** the object's name in the log (default: its name, e-mail, person's name…) */
  represent?(item: ItemType): string;
}

/** Never worth a line: the entry has its own id and time. */
const ALWAYS_IGNORED = ['id', 'created_at', 'updated_at'];
/** Whatever an entity declares, a value under such a key is never written to the log. */
const SECRET_KEY = /password|secret|token|api_key|webhook|header_value/i;

/** The object's name in the log, from its item. */
export function represent(item: unknown, declaration?: AuditDeclaration): string {
  if (!item || typeof item !== 'object') return '';
  if (declaration?.represent) return declaration.represent(item);
  const it = item as Item;
  if (typeof it.name === 'string' && it.name) return truncate(it.name);
  // a person by their name (a profile); a user declares their e-mail instead
  const person = [it.first_name, it.last_name].filter((part) => typeof part === 'string' && part).join(' ');
  if (person) return truncate(person);
  for (const key of ['email', 'data_source_name', 'category_type', 'subject', 'body', 'recipient']) {
    if (typeof it[key] === 'string' && it[key]) return truncate(it[key] as string);
  }
  return typeof it.id === 'number' ? `#${it.id}` : '';
}

const truncate = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/**
 * The changes between two items (undefined: the object did not exist). Members given as
 * objects (a list's profiles, an organization's users) are written as their ids, sorted (a
 * set: their order is the answer's, not a change): a list of 10,000 people stays a small entry.
 */
export function itemChanges(before: unknown, after: unknown, declaration?: AuditDeclaration): AuditChanges {
  const from = masked(before, declaration);
  const to = masked(after, declaration);
  const ignored = new Set([...ALWAYS_IGNORED, ...(declaration?.ignore ?? [])]);
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])) {
    if (ignored.has(field)) continue;
    const was = compact(from?.[field]);
    const is = compact(to?.[field]);
    // on update, only what differs; a secret changed shows masked on both sides
    if (from && to && JSON.stringify(was) === JSON.stringify(is) && !changedSecret(before, after, field, declaration)) continue;
    changes[field] = { before: from ? was : null, after: to ? is : null };
  }
  return changes;
}

/** The fields named, before → after, when they differ (for writes that are not an entity's item). */
export function fieldChanges(before: Item, after: Item): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of Object.keys(after)) {
    const was = compact(before[field] ?? null);
    const is = compact(after[field] ?? null);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return maskTree(changes) as AuditChanges;
}

function compact(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === 'object' && typeof (v as Item).id === 'number'))
    return value.map((v) => (v as Item).id as number).sort((a, b) => a - b);
  return value === undefined ? null : value;
}

/** The item with its declared secrets and secret-looking keys replaced by AUDIT_MASK. */
function masked(item: unknown, declaration?: AuditDeclaration): Item | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const copy = maskTree(item) as Item;
  for (const path of declaration?.secrets?.(item) ?? []) setPath(copy, path);
  return copy;
}

function maskTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskTree);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_KEY.test(key) && v !== null && v !== '' ? AUDIT_MASK : maskTree(v)]),
  );
}

function setPath(item: Item, path: string) {
  const keys = path.split('.');
  let node: unknown = item;
  for (const key of keys.slice(0, -1)) node = node && typeof node === 'object' ? (node as Item)[key] : undefined;
  const last = keys[keys.length - 1];
  if (node && typeof node === 'object' && (node as Item)[last] !== undefined && (node as Item)[last] !== '')
    (node as Item)[last] = AUDIT_MASK;
}

/** A secret's masked answers differ (their last characters) although both read AUDIT_MASK here. */
function changedSecret(before: unknown, after: unknown, field: string, declaration?: AuditDeclaration): boolean {
  const secretUnder = (declaration?.secrets?.(after) ?? []).some((path) => path === field || path.startsWith(`${field}.`));
  if (!secretUnder && !SECRET_KEY.test(field)) return false;
  return JSON.stringify((before as Item)[field]) !== JSON.stringify((after as Item)[field]);
}
