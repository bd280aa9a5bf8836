import type { ComponentType, ReactNode } from 'react';
import type { RaRecord, TranslateFunction } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** How a value is shown in a table cell or a detail field. */
export type ValueType =
  /** the value as text */
  | 'text'
  /** formatDateTime: '22 Nov 2026, 14:03:05' */
  | 'datetime'
  /** True / False */
  | 'boolean'
  /** Yes / No */
  | 'yesNo'
  /** the length of an array value */
  | 'count'
  /** the names of an array of `{name}` objects, comma-separated (data sources, profile lists) */
  | 'names';

/**
 * One column of a list table, or one label/value pair of a detail screen:
 * everything a screen needs to know to show one field of a record.
 */
export interface FieldDeclaration<R extends RaRecord = RaRecord> {
  /** the record field, dotted for nested values ('data_source.name') */
  source: string;
  /** i18n key of the header or label */
  label: string;
  type?: ValueType;
  /** i18n key of the text shown when the value is empty, e.g. 'app.value.not_available' (N/A) */
  empty?: string;
  /**
   * 'show' links to /{resource}/{id}; a function gives any other target
   * (e.g. a member of another resource).
   */
  link?: 'show' | ((record: R) => string);
  /** custom display; wins over `type`. Return null/undefined/'' for "empty". */
  render?: (record: R, translate: TranslateFunction) => ReactNode;
}

export interface ColumnDeclaration<R extends RaRecord = RaRecord> extends FieldDeclaration<R> {
  /** true: sort by `source`; a string: the `ordering` field when it differs from source */
  sortable?: boolean | string;
}

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

/** Values of the list's extra URL keys: one string per occurrence, repeated keys give several. */
export type FilterValues = Record<string, string[]>;

/** A list's state as the address and the API hold it (listQuery.ts reads and writes it). */
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

/** Props the list machinery gives a resource's extra filter component. */
export interface ListFilterProps {
  values: FilterValues;
  /** replaces the given keys (an empty array removes a key) and goes back to page 1 */
  onChange: (next: FilterValues) => void;
}

/** A filter of its own a resource adds beside the search box (profiles: data sources, ratings…). */
export interface ListFilterDeclaration {
  /** every URL key the component reads or writes; they are passed to the API as they are */
  keys: string[];
  component: ComponentType<ListFilterProps>;
}

/** Props the list machinery gives a resource's header actions. */
export interface ListActionsProps {
  /** the list's current state, as sent to the API (e.g. for an export of the same rows) */
  query: ListQuery;
}

/**
 * How the sort lives in the address bar. Every list uses `ordering=field|-field`;
 * the profiles screen keeps `sort` and `direction` (SPEC §2 Profiles list) and no page_size.
 */
export type SortUrlStyle = 'ordering' | 'sortDirection';

/** Everything a resource says about its list screen; the machinery does the rest. */
export interface ListDeclaration<R extends RaRecord = RaRecord> {
  /** react-admin resource name, also the base of 'show' links */
  resource: string;
  /** i18n key of the page title */
  title: string;
  /** i18n key with %{count}: 'There are %{count} organizations' */
  subtitle: string;
  /** i18n key of the search box placeholder; no search box without it */
  searchPlaceholder?: string;
  columns: ColumnDeclaration<R>[];
  /** rows get checkboxes; implied by bulkActions */
  selectable?: boolean;
  bulkActions?: BulkActionDeclaration[];
  /** i18n key of the button label and the route it opens */
  createButton?: { label: string; to: string };
  /** more buttons of the header, beside the create button (profiles: Save Search, Export) */
  actions?: ComponentType<ListActionsProps>;
  filters?: ListFilterDeclaration[];
  /** i18n key of the empty-list text; defaults to a generic one */
  emptyText?: string;
  sortUrlStyle?: SortUrlStyle;
}
