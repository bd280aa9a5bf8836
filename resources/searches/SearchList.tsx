// The /searches list (My Searches, SPEC §2 Saved searches): each name reopens the
// profiles screen with the query it was saved with. No create button: searches are
// saved from the profiles screen. After SPEC's columns, its alerts (issue 18): the switch that
// watches it and a link to its detail, where the alert's priority and delivery are chosen.
import { Link as RouterLink } from 'react-router-dom';
import { Chip, Link, Stack } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import type { SavedSearch } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import { WatchSwitch } from './WatchSwitch';

/** '/profiles?gender=female&search=ann' for a search saved as 'gender=female&search=ann'. */
export function profilesPathOf(search: Pick<SavedSearch, 'url'>): string {
  const query = search.url.replace(/^\?/, '');
  return query ? `/profiles?${query}` : '/profiles';
}

/** The row's switch, a Muted chip when it is muted, and its detail. */
function AlertsCell() {
  const translate = useTranslate();
  const search = useRecordContext<SavedSearch>();
  if (!search) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <WatchSwitch />
      {search.watched && search.muted && <Chip size="small" label={translate('resources.searches.state.muted')} />}
      <Link
        component={RouterLink}
        to={`/searches/${search.id}`}
        variant="body2"
        aria-label={translate('resources.searches.details_of', { name: search.name })}
        onClick={(event) => event.stopPropagation()}
      >
        {translate('resources.searches.details')}
      </Link>
    </Stack>
  );
}

const bulkActions = [deleteEach({ success: 'resources.searches.results.deleted', failure: 'resources.searches.results.failed' })];

export function SearchList() {
  return (
    <SpecList
      resource="searches"
      title="resources.searches.title"
      subtitle="resources.searches.subtitle"
      search="resources.searches.search"
      empty="resources.searches.empty"
    >
      <DataTable bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label="resources.searches.fields.name" disableSort>
          <ShowLinkField source="name" to={profilesPathOf} />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="resources.searches.fields.created_at" field={DateTimeField} />
        <DataTable.Col source="updated_at" label="resources.searches.fields.updated_at" field={DateTimeField} />
        <DataTable.Col source="watched" label="resources.searches.fields.alerts" disableSort>
          <AlertsCell />
        </DataTable.Col>
      </DataTable>
    </SpecList>
  );
}
