import type { ComponentType, ReactNode } from 'react';
import type { RaRecord, TranslateFunction } from 'react-admin';

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

export type {
  AddressStyle as SortUrlStyle,
  BulkActionDeclaration,
  BulkMessages,
  FilterValues,
  ListActionsProps,
  ListFilterDeclaration,
  ListFilterProps,
  ListQuery,
  NavigateBulkAction,
  PerItemBulkAction,
} from '../admin-kit/list/types';
import type { AddressStyle as SortUrlStyle, BulkActionDeclaration, ListActionsProps, ListFilterDeclaration } from '../admin-kit/list/types';

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
