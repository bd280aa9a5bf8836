// react-admin fields for the SPEC's ways of showing a value, each written once and used in list
// columns (<DataTable.Col field={…}> or as its child) and on detail screens alike:
// dates as '22 Nov 2026, 14:03:05' (CONVENTIONS), True/False, Yes/No, a list's length, the
// names of `{name}` objects, and a value that links to its record's detail at /{resource}/{id}.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import { type FieldProps, type RaRecord, useFieldValue, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';

type SpecFieldProps = Pick<FieldProps, 'source' | 'label' | 'emptyText' | 'sortable'>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The text of a field, or its translated empty text ('' by default). */
function Shown({ value, emptyText }: { value: ReactNode; emptyText?: string }) {
  const translate = useTranslate();
  const shown = isEmpty(value) ? (emptyText ? translate(emptyText, { _: emptyText }) : '') : value;
  return (
    <Typography component="span" variant="body2">
      {shown}
    </Typography>
  );
}

/** '22 Nov 2026, 14:03:05' in the browser's time zone. */
export function DateTimeField({ source, emptyText }: SpecFieldProps) {
  const value = useFieldValue({ source: source ?? '' });
  return <Shown value={formatDateTime(value as string | null)} emptyText={emptyText} />;
}

/** Yes / No (SPEC: a data source's Public). */
export function YesNoField({ source, emptyText }: SpecFieldProps) {
  const value = useFieldValue({ source: source ?? '' });
  const translate = useTranslate();
  return <Shown value={isEmpty(value) ? null : translate(value ? 'app.value.yes' : 'app.value.no')} emptyText={emptyText} />;
}

/** True / False (SPEC: a user's flags). */
export function TrueFalseField({ source, emptyText }: SpecFieldProps) {
  const value = useFieldValue({ source: source ?? '' });
  const translate = useTranslate();
  return <Shown value={isEmpty(value) ? null : translate(value ? 'app.value.true' : 'app.value.false')} emptyText={emptyText} />;
}

/** The length of a list value (an organization's users, a profile list's profiles). */
export function CountField({ source, emptyText }: SpecFieldProps) {
  const value = useFieldValue({ source: source ?? '' });
  return <Shown value={Array.isArray(value) ? String(value.length) : null} emptyText={emptyText} />;
}

/** The names of a list of `{name}` objects, comma-separated (data sources, profile lists). */
export function NamesField({ source, emptyText }: SpecFieldProps) {
  const value = useFieldValue({ source: source ?? '' });
  const names = Array.isArray(value) ? value.map((item: { name?: unknown }) => item?.name).filter((name) => !isEmpty(name)) : [];
  return <Shown value={names.join(', ') || null} emptyText={emptyText} />;
}

/**
 * The value as a link to the record's detail screen, /{resource}/{id} (SPEC routes; react-admin's
 * own show path would be /{resource}/{id}/show). Its empty text ('N/A') still links, so that every
 * row reaches its detail. `to` gives another target (a member of another resource); when it gives
 * none ('' or undefined: nothing to reach), the text shows unlinked. `text` shows something else
 * than the value (a label looked up elsewhere, e.g. in the resource's type definitions).
 */
const SCROLL_TO_TOP = { _scrollToTop: true };

export function ShowLinkField<R = RaRecord>({
  source,
  emptyText,
  to,
  text,
}: SpecFieldProps & {
  to?: (record: R) => string | undefined;
  text?: (record: R) => string | null | undefined;
}) {
  const record = useRecordContext<RaRecord>();
  const resource = useResourceContext();
  const fieldValue = useFieldValue({ source: source ?? '' });
  const translate = useTranslate();
  if (!record) return null;
  const value = text ? text(record as R) : fieldValue;
  const shown = isEmpty(value) ? (emptyText ? translate(emptyText, { _: emptyText }) : '') : String(value);
  if (shown === '') return null;
  const target = to ? to(record as R) : `/${resource}/${record.id}`;
  if (!target) return <Shown value={shown} />;
  return (
    // a detail opens at its top, not where the list was scrolled to (react-admin's scroll-to-top state)
    <Link component={RouterLink} to={target} state={SCROLL_TO_TOP} variant="body2" onClick={(event) => event.stopPropagation()}>
      {shown}
    </Link>
  );
}
