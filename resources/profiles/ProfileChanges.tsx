import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import { DataTable, type Identifier, ListBase, useTranslate } from 'react-admin';
import type { ProfileChange } from '../../types/api';
import { DateTimeField } from '../../src/admin-kit/fields';
import { type ChangeNotification, ChangeNotifications } from './ChangeNotifications';

const SHOWN = 10;

/** A change as listed: the notifications it raised come with it once the server sends them. */
type ListedChange = ProfileChange & { id: number; notifications?: ChangeNotification[] | null };

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

const label = (key: string) => `resources.profiles.changes.${key}`;
/** the changes' own order (newest first): no ordering asked for */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;
/** the failure shows in place of the table, not as react-admin's notification */
const ignore = () => undefined;

/** The profile's latest changes (retrievals and staff corrections), newest first: GET /profiles/{id}/changes/. */
export function ProfileChanges({ profileId }: { profileId: Identifier }) {
  const translate = useTranslate();
  const fieldLabel = (field: string) => translate(`resources.profiles.changes.field_names.${field}`, { _: field });
  return (
    <ListBase<ListedChange>
      resource={`profiles/${profileId}/changes`}
      perPage={SHOWN}
      sort={SERVER_ORDER}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: ignore }}
      loading={<Typography>{translate('app.list.loading')}</Typography>}
      error={<Typography color="error">{translate(label('failed'))}</Typography>}
      empty={<Typography>{translate(label('none'))}</Typography>}
    >
      <DataTable<ListedChange>
        aria-label={translate(label('title'))}
        bulkActionButtons={false}
        rowClick={false}
        storeKey="profiles.changes.datatable"
      >
        <DataTable.Col source="changed_at" label={label('when')} disableSort field={DateTimeField} />
        <DataTable.Col source="field" label={label('field')} disableSort render={(change) => fieldLabel(change.field)} />
        <DataTable.Col
          source="old_value"
          label={label('before')}
          disableSort
          cellSx={wrapAnywhere}
          render={(change) => (change.field === 'profile' ? '—' : changeValueText(change.old_value))}
        />
        <DataTable.Col
          source="new_value"
          label={label('after')}
          disableSort
          cellSx={wrapAnywhere}
          render={(change) => (change.field === 'profile' ? translate(label('created')) : changeValueText(change.new_value))}
        />
        <DataTable.Col
          source="execution_id"
          label={label('by')}
          disableSort
          render={(change) =>
            change.execution_id === null ? (
              translate(label('correction'))
            ) : (
              <Link component={RouterLink} to={`/executions/${change.execution_id}`}>
                {translate(label('execution'), { id: change.execution_id })}
              </Link>
            )
          }
        />
        <DataTable.Col
          source="notifications"
          label={label('notifications')}
          disableSort
          render={(change) => <ChangeNotifications change={change} />}
        />
      </DataTable>
    </ListBase>
  );
}

const wrapAnywhere = () => ({ overflowWrap: 'anywhere' }) as const;
