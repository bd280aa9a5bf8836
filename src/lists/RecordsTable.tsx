// The table of every list screen and of the member tables on detail screens
// (an organization's users, a profile list's profiles). Sorting and selection are
// optional: a detail screen's table has neither.
import type { ReactNode } from 'react';
import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { FieldValue } from './fieldValue';
import { loadErrorText } from '../admin-kit/errorMessage';
import { sortDirectionOf } from '../admin-kit/list/addressQuery';
import type { ColumnDeclaration } from './types';

export interface RowSelection {
  selected: Identifier[];
  onToggle: (id: Identifier) => void;
  /** selects every row of the page, or clears them when all are selected */
  onToggleAll: () => void;
}

export interface RecordsTableProps<R extends RaRecord> {
  /** base of 'show' links */
  resource: string;
  columns: ColumnDeclaration<R>[];
  rows: R[] | undefined;
  /** accessible name of the table (already translated) */
  label: string;
  loading?: boolean;
  error?: unknown;
  /** i18n key of the text shown when there is no row */
  emptyText?: string;
  /** the current ordering ('field' or '-field'), with onSort: headers of sortable columns toggle it */
  ordering?: string;
  onSort?: (field: string) => void;
  selection?: RowSelection;
}

/** The ordering field of a sortable column, or undefined. */
export function sortFieldOf<R extends RaRecord>(column: ColumnDeclaration<R>): string | undefined {
  if (!column.sortable) return undefined;
  return typeof column.sortable === 'string' ? column.sortable : column.source;
}

/** SPEC §2: the select-all box is checked only when every row is selected and the list is not empty. */
export function isAllSelected(rowIds: Identifier[], selected: Identifier[]): boolean {
  return rowIds.length > 0 && rowIds.every((id) => selected.includes(id));
}

export function RecordsTable<R extends RaRecord>({
  resource,
  columns,
  rows,
  label,
  loading,
  error,
  emptyText = 'app.list.empty',
  ordering = '',
  onSort,
  selection,
}: RecordsTableProps<R>) {
  const translate = useTranslate();
  const rowIds = (rows ?? []).map((row) => row.id);
  const allSelected = selection ? isAllSelected(rowIds, selection.selected) : false;
  const someSelected = selection ? rowIds.some((id) => selection.selected.includes(id)) : false;
  const width = columns.length + (selection ? 1 : 0);

  let message: ReactNode = null;
  if (loading) message = translate('app.list.loading');
  else if (error) message = loadErrorText(error, translate);
  else if (rowIds.length === 0) message = translate(emptyText);

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={rowIds.length === 0}
                  onChange={selection.onToggleAll}
                  slotProps={{ input: { 'aria-label': translate('app.list.select_all') } }}
                />
              </TableCell>
            )}
            {columns.map((column) => {
              const field = onSort ? sortFieldOf(column) : undefined;
              const direction = field ? sortDirectionOf(ordering, field) : undefined;
              const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
              return (
                <TableCell key={column.source + column.label} aria-sort={field ? ariaSort : undefined}>
                  {field ? (
                    <TableSortLabel active={direction !== undefined} direction={direction ?? 'asc'} onClick={() => onSort?.(field)}>
                      {translate(column.label)}
                    </TableSortLabel>
                  ) : (
                    translate(column.label)
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {message !== null ? (
            <TableRow>
              <TableCell colSpan={width}>
                <span role={error && !loading ? 'alert' : undefined}>{message}</span>
              </TableCell>
            </TableRow>
          ) : (
            (rows ?? []).map((row) => {
              const checked = selection?.selected.includes(row.id) ?? false;
              return (
                <TableRow key={row.id} hover selected={checked}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={checked}
                        onChange={() => selection.onToggle(row.id)}
                        slotProps={{ input: { 'aria-label': translate('app.list.select_row', { id: row.id }) } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.source + column.label}>
                      <FieldValue field={column} record={row} resource={resource} translate={translate} />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
