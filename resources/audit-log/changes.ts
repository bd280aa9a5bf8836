// An audit entry's changed fields as text: 'field: before → after', values shortened in the list
// (the detail shows them whole). Masked secrets arrive as AUDIT_MASK and are shown as they come.
import type { AuditEntry } from '../../types/api';

/** The longest value the list shows whole; longer ones end in '…'. */
export const SHORT_VALUE = 40;
/** How many fields a list row shows before '+N more fields'. */
export const SHOWN_FIELDS = 3;

export interface ChangeLine {
  field: string;
  /** null: no value (a created object's before, a deleted one's after, an emptied field) */
  before: string | null;
  after: string | null;
}

/** A value as text: strings as they are, lists of plain values comma-separated, objects as JSON. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.map(String).join(', ');
  return JSON.stringify(value);
}

export function shorten(text: string, max = SHORT_VALUE): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function changeLines(changes: AuditEntry['changes'] | null | undefined): ChangeLine[] {
  return Object.entries(changes ?? {}).map(([field, change]) => ({
    field,
    before: valueText(change?.before),
    after: valueText(change?.after),
  }));
}
