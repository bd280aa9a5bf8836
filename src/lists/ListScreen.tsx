// The one list screen every resource's list is made of: a declaration in, title,
// count subtitle, search, filters, bulk actions, table and pager out.
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { BulkActionMenu } from '../admin-kit/list/BulkActionMenu';
import { PageHeading } from '../admin-kit/PageHeading';
import { Pager } from './Pager';
import { RecordsTable, isAllSelected } from './RecordsTable';
import { SearchBox } from '../admin-kit/list/SearchBox';
import { useBulkActions } from './useBulkActions';
import { useListData } from './useListData';
import { useListState } from './useListState';
import type { ListDeclaration } from './types';

/** The selection belongs to the page it was made on: another page, search or order starts empty. */
function useSelection(pageKey: string) {
  const [selection, setSelection] = useState<{ pageKey: string; ids: Identifier[] }>({ pageKey, ids: [] });
  const selected = selection.pageKey === pageKey ? selection.ids : [];
  const set = (ids: Identifier[]) => setSelection({ pageKey, ids });
  return {
    selected,
    toggle: (id: Identifier) => set(selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id]),
    toggleAll: (rowIds: Identifier[]) => set(isAllSelected(rowIds, selected) ? [] : rowIds),
    clear: () => set([]),
  };
}

export function ListScreen<R extends RaRecord>({ declaration }: { declaration: ListDeclaration<R> }) {
  const { resource, bulkActions = [], filters = [], actions: Actions } = declaration;
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const list = useListState(
    declaration.sortUrlStyle,
    filters.flatMap((filter) => filter.keys),
  );
  const { data, isPending, isPlaceholderData, error } = useListData<R>(resource, list.query);
  const loading = isPending || isPlaceholderData;
  const selection = useSelection(searchParams.toString());
  const bulk = useBulkActions(resource, selection.selected, selection.clear);
  const selectable = declaration.selectable ?? bulkActions.length > 0;
  const rows = loading ? undefined : data?.data;
  const title = translate(declaration.title);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <PageHeading title={title} />
          {data?.total !== undefined && (
            <Typography variant="subtitle1" component="p" color="text.secondary">
              {translate(declaration.subtitle, { count: data.total, smart_count: data.total })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {Actions && <Actions query={list.query} />}
          {declaration.createButton && (
            <Button variant="contained" component={RouterLink} to={declaration.createButton.to}>
              {translate(declaration.createButton.label)}
            </Button>
          )}
        </Stack>
      </Stack>

      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {declaration.searchPlaceholder && (
          <SearchBox value={list.query.search} placeholder={declaration.searchPlaceholder} onSearch={list.setSearch} />
        )}
        {filters.map(({ keys, component: Filter }) => (
          <Filter key={keys.join()} values={list.query.filters} onChange={list.setFilters} />
        ))}
        {bulkActions.length > 0 && <BulkActionMenu actions={bulkActions} busy={bulk.busy} onAction={bulk.perform} />}
      </Stack>

      {bulk.banner && (
        <Alert severity={bulk.banner.severity} onClose={bulk.dismissBanner} sx={{ mb: 2 }}>
          {bulk.banner.text}
        </Alert>
      )}

      <Paper variant="outlined">
        <RecordsTable
          resource={resource}
          columns={declaration.columns}
          rows={rows}
          label={title}
          loading={loading}
          error={error}
          emptyText={declaration.emptyText}
          ordering={list.query.ordering}
          onSort={list.toggleSort}
          selection={
            selectable
              ? {
                  selected: selection.selected,
                  onToggle: selection.toggle,
                  onToggleAll: () => selection.toggleAll((rows ?? []).map((row) => row.id)),
                }
              : undefined
          }
        />
        {data?.total !== undefined && (
          <Pager page={list.query.page} pageSize={list.query.pageSize} total={data.total} onPage={list.setPage} />
        )}
      </Paper>
    </Box>
  );
}
