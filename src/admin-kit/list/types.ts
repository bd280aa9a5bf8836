// What a resource declares to the list kit beyond react-admin's own props: its bulk actions,
// its extra address keys and filter components, its header actions.
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';

/** What a per-item bulk action reports once every selected row was tried. */
export interface BulkMessages {
  /** i18n key with %{count}, e.g. 'Deletion completed for %{count} organizations.' */
  success: string;
  /**
   * i18n key with %{count} and %{reasons} (the distinct server messages, each a sentence),
   * e.g. 'Failed for %{count} organizations: %{reasons}'
   */
  failure: string;
}

/** Goes to another screen with the selected ids, e.g. /organizations/add-users?id=1&id=2. */
export interface NavigateBulkAction {
  kind: 'navigate';
  /** i18n key of the menu entry */
  label: string;
  to: (ids: RaRecord['id'][]) => string;
}

/** Runs one call per selected row and reports successes and failures in one banner. */
export interface PerItemBulkAction {
  kind: 'perItem';
  label: string;
  run: (id: RaRecord['id'], context: { dataProvider: AppDataProvider; resource: string }) => Promise<unknown>;
  messages: BulkMessages;
}

export type BulkActionDeclaration = NavigateBulkAction | PerItemBulkAction;

/** Values of the list's extra address keys: one string per occurrence, repeated keys give several. */
export type FilterValues = Record<string, string[]>;

/** A list's state as the address holds it (addressQuery.ts reads and writes it). */
export interface ListQuery {
  /** from 1 */
  page: number;
  pageSize: number;
  search: string;
  /** '' (server order), 'field' (ascending) or '-field' (descending) */
  ordering: string;
  /** the resource's extra filter keys present in the address */
  filters: FilterValues;
}

/** Props the kit gives a resource's extra filter component. */
export interface ListFilterProps {
  values: FilterValues;
  /** replaces the given keys (an empty array removes a key) and goes back to page 1 */
  onChange: (next: FilterValues) => void;
}

/** A filter of its own a resource adds beside the search box (profiles: data sources, ratings…). */
export interface ListFilterDeclaration {
  /** every address key the component reads or writes; they are passed to the API as they are */
  keys: string[];
  component: ComponentType<ListFilterProps>;
}

/** Props the kit gives a resource's header actions. */
export interface ListActionsProps {
  /** the list's current state, as sent to the API (e.g. for an export of the same rows) */
  query: ListQuery;
}

/**
 * How the list lives in the address bar. Every list uses `ordering=field|-field` and `page_size`;
 * the profiles screen keeps `sort` and `direction` (SPEC §2 Profiles list) and no page_size.
 */
export type AddressStyle = 'ordering' | 'sortDirection';
