// The list screen of SPEC §2 "Shared list behaviour" on react-admin's <ListBase>: a title, the
// count subtitle, header buttons, the search box (submitted on Enter, back to page 1), the
// resource's own filters, then its <DataTable> (given as children) and the First/Last pager —
// with the parameters kept in the address the SPEC's way (AddressSync). 'Loading...' while the
// first page loads, 'Error: {message}' when it fails (SPEC §8), the bulk-action banner above.
import { type ComponentType, cloneElement, isValidElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../constants';
import { loadErrorText } from '../errorMessage';
import { PageHeading } from '../PageHeading';
import { fromListParams } from './addressQuery';
import { SERVER_ORDER } from './firstPage';
import { AddressSync, useSeedFromAddress } from './AddressSync';
import { BulkBannerAlert, BulkBannerProvider, useBulkBannerState } from './bulkBanner';
import { SearchBox } from './SearchBox';
import { withSortState } from './SortStateColumn';
import { SpecPager } from './SpecPager';
import { StableListContext } from './StableListContext';
import type { AddressStyle, ListActionsProps, ListFilterDeclaration } from './types';

export interface SpecListProps {
  /** react-admin resource; the one of the route by default */
  resource: string;
  /** i18n key of the page title (also the table's accessible name) */
  title: string;
  /** i18n key with %{count}: 'There are %{count} organizations' */
  subtitle: string;
  /** i18n key of the search box placeholder; no search box without it */
  search?: string;
  /** i18n key of the create button's label and the route it opens */
  create?: { label: string; to: string };
  /** more header buttons, beside the create button (profiles: Save Search, Export) */
  actions?: ComponentType<ListActionsProps>;
  /** the resource's own filters beside the search box, and the address keys they hold */
  filters?: ListFilterDeclaration[];
  /** i18n key of the text shown instead of the table when there is no row */
  empty?: string;
  /** how the sort lives in the address (the profiles screen: sort and direction) */
  addressStyle?: AddressStyle;
  /** the <DataTable> */
  children: ReactNode;
}

export function SpecList({ resource, addressStyle = 'ordering', filters = [], children, ...view }: SpecListProps) {
  const filterKeys = filters.flatMap((filter) => filter.keys);
  const address = { resource, storeKey: `${resource}.addressList`, style: addressStyle, filterKeys };
  useSeedFromAddress(address);
  return (
    <ListBase resource={resource} storeKey={address.storeKey} disableSyncWithLocation perPage={PAGE_SIZE} sort={SERVER_ORDER}>
      <StableListContext>
        <AddressSync {...address} />
        <SpecListView {...view} filters={filters} filterKeys={filterKeys}>
          {children}
        </SpecListView>
      </StableListContext>
    </ListBase>
  );
}

/** The count's place while it is unknown (polyglot picks the plural form for a non-number, as for any count but 1). */
const PENDING_COUNT = { count: '…', smart_count: '…' };

function SpecListView({
  title,
  subtitle,
  search,
  create,
  actions: Actions,
  filters,
  filterKeys,
  empty = 'app.list.empty',
  children,
}: Omit<SpecListProps, 'resource' | 'addressStyle'> & { filters: ListFilterDeclaration[]; filterKeys: string[] }) {
  const translate = useTranslate();
  const list = useListContext();
  const { banner, setBanner } = useBulkBannerState();
  const query = fromListParams(list, filterKeys);
  const heading = translate(title);
  const setFilterValues = (next: Record<string, string | string[]>) => {
    const merged: Record<string, unknown> = { ...list.filterValues, ...next };
    for (const [key, value] of Object.entries(next)) if (Array.isArray(value) && value.length === 0) delete merged[key];
    list.setFilters(merged);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <PageHeading title={heading} />
          {/* while the first answer is on its way the line keeps its place ("There are … profiles"): the screen does not move when it arrives */}
          {(list.total !== undefined || list.isPending) && (
            <Typography
              variant="subtitle1"
              component="p"
              color="text.secondary"
              // the page's own early call may write the count into the frame before the app renders (src/public/firstRequests.ts)
              {...(list.total === undefined && { 'aria-busy': true, 'data-pending-count': '' })}
            >
              {translate(subtitle, list.total === undefined ? PENDING_COUNT : { count: list.total, smart_count: list.total })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {Actions && <Actions query={query} />}
          {create && (
            <Button variant="contained" component={RouterLink} to={create.to}>
              {translate(create.label)}
            </Button>
          )}
        </Stack>
      </Stack>

      {(search || filters.length > 0) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          {search && <SearchBox value={query.search} placeholder={search} onSearch={(text) => setFilterValues({ search: text })} />}
          {filters.map(({ keys, component: Filter }) => (
            <Filter key={keys.join()} values={query.filters} onChange={setFilterValues} />
          ))}
        </Stack>
      )}

      <BulkBannerAlert banner={banner} onClose={() => setBanner(null)} />
      <BulkBannerProvider show={setBanner}>
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          {list.error ? (
            <Alert severity="error" sx={{ m: 1 }}>
              {loadErrorText(list.error, translate)}
            </Alert>
          ) : list.isPending ? (
            <LoadingTable label={heading} />
          ) : isValidElement<{ 'aria-label'?: string; empty?: ReactNode; rowClick?: unknown; children?: ReactNode }>(children) ? (
            // the table is named by the screen's title, and says so when it has no row; its rows
            // are not links (react-admin's default would open /{resource}/{id}/show, not a SPEC
            // route): a column with ShowLinkField leads to the detail
            withSortState(
              cloneElement(children, {
                'aria-label': children.props['aria-label'] ?? heading,
                // rows of the previous query stay shown while the next ones load: the table says so
                ...{ 'aria-busy': list.isFetching || undefined },
                empty: children.props.empty ?? <EmptyText text={empty} />,
                rowClick: children.props.rowClick ?? false,
              }),
            )
          ) : (
            children
          )}
          <SpecPager />
        </Paper>
      </BulkBannerProvider>
    </Box>
  );
}

/** SPEC §2: "The table shows 'Loading...' while loading". */
function LoadingTable({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Table aria-label={label} aria-busy size="small">
      <TableBody>
        <TableRow>
          <TableCell>{translate('app.list.loading')}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function EmptyText({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ p: 2 }}>
      {translate(text)}
    </Typography>
  );
}
