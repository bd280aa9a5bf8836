import { Link as RouterLink } from 'react-router-dom';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProfileChange } from '../../types/api';
import { formatDateTime } from '../../src/format';
import { useListData } from '../../src/lists/useListData';

const SHOWN = 10;

/** A changed value in a few words: a list by its first entries, an object by its keys' values. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (typeof item !== 'object' || item === null) return String(item);
      const entry = item as Record<string, unknown>;
      const company = (entry.company as { name?: string } | null)?.name;
      const title = entry.job_title ?? entry.degree ?? entry.name ?? entry.title;
      return [title, company && `at ${company}`].filter(Boolean).join(' ') || JSON.stringify(item);
    });
    return items.length ? items.slice(0, 3).join('; ') + (items.length > 3 ? ` (+${items.length - 3})` : '') : '—';
  }
  return (
    Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${v}`)
      .join(', ') || '—'
  );
}

/** The profile's latest changes (retrievals and staff corrections), newest first. */
export function ProfileChanges({ profileId }: { profileId: number }) {
  const translate = useTranslate();
  const { data, isPending, error } = useListData<ProfileChange & { id: number }>(`profiles/${profileId}/changes`, {
    page: 1,
    pageSize: SHOWN,
    search: '',
    ordering: '',
    filters: {},
  });
  const label = (key: string) => translate(`resources.profiles.changes.${key}`);
  if (isPending) return <Typography>{translate('app.list.loading', { _: 'Loading...' })}</Typography>;
  if (error) return <Typography color="error">{label('failed')}</Typography>;
  if (!data?.data.length) return <Typography>{label('none')}</Typography>;
  const fieldLabel = (field: string) => translate(`resources.profiles.changes.field_names.${field}`, { _: field });
  return (
    <Table size="small" aria-label={label('title')}>
      <TableHead>
        <TableRow>
          <TableCell>{label('when')}</TableCell>
          <TableCell>{label('field')}</TableCell>
          <TableCell>{label('before')}</TableCell>
          <TableCell>{label('after')}</TableCell>
          <TableCell>{label('by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.data.map((change) => (
          <TableRow key={change.id}>
            <TableCell>{formatDateTime(change.changed_at)}</TableCell>
            <TableCell>{fieldLabel(change.field)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.field === 'profile' ? '—' : changeValueText(change.old_value)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {change.field === 'profile' ? label('created') : changeValueText(change.new_value)}
            </TableCell>
            <TableCell>
              {change.execution_id === null ? (
                label('correction')
              ) : (
                <Link component={RouterLink} to={`/executions/${change.execution_id}`}>
                  {translate('resources.profiles.changes.execution', { id: change.execution_id })}
                </Link>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
