// One field of a record as text or a node: shared by list cells and detail fields so
// that a date or a boolean reads the same on every screen.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import type { RaRecord, TranslateFunction } from 'react-admin';
import { formatDateTime } from '../format';
import type { FieldDeclaration } from './types';

/** record['a']['b'] for source 'a.b'; undefined when a step is missing. */
export function valueAt(record: unknown, source: string): unknown {
  return source
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The field's display without link or empty text; null when there is nothing to show. */
export function displayValue<R extends RaRecord>(field: FieldDeclaration<R>, record: R, translate: TranslateFunction): ReactNode {
  if (field.render) {
    const rendered = field.render(record, translate);
    return isEmptyValue(rendered) ? null : rendered;
  }
  const value = valueAt(record, field.source);
  if (isEmptyValue(value)) return null;
  switch (field.type) {
    case 'datetime':
      return formatDateTime(String(value)) || null;
    case 'boolean':
      return translate(value ? 'app.value.true' : 'app.value.false');
    case 'yesNo':
      return translate(value ? 'app.value.yes' : 'app.value.no');
    case 'count':
      return Array.isArray(value) ? String(value.length) : null;
    case 'names':
      return Array.isArray(value)
        ? value
            .map((item: { name?: unknown }) => item?.name)
            .filter((name) => !isEmptyValue(name))
            .join(', ') || null
        : null;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Where the field links to, if anywhere. */
export function linkOf<R extends RaRecord>(field: FieldDeclaration<R>, record: R, resource: string): string | undefined {
  if (!field.link) return undefined;
  return field.link === 'show' ? `/${resource}/${record.id}` : field.link(record);
}

/** The field as shown: its value (linked when declared so) or its empty text. */
export function FieldValue<R extends RaRecord>({
  field,
  record,
  resource,
  translate,
}: {
  field: FieldDeclaration<R>;
  record: R;
  resource: string;
  translate: TranslateFunction;
}) {
  const value = displayValue(field, record, translate);
  const shown = value === null ? (field.empty ? translate(field.empty) : '') : value;
  const to = linkOf(field, record, resource);
  // An empty text ('N/A') still links, so that every row reaches its detail screen.
  if (!to || shown === '') return <>{shown}</>;
  return (
    <Link component={RouterLink} to={to}>
      {shown}
    </Link>
  );
}
