// Bulk actions more than one resource declares, built once.
import type { Identifier } from 'react-admin';
import type { BulkMessages, NavigateBulkAction, PerItemBulkAction } from './types';

/** `path?id=1&id=2`: how a bulk action hands its selection to another screen. */
export function pathWithIds(path: string, ids: Identifier[]): string {
  const query = new URLSearchParams(ids.map((id) => ['id', String(id)]));
  return `${path}?${query}`;
}

/** Opens `path` with the selected ids, e.g. /organizations/add-users?id=1&id=2. */
export function navigateWithIds(label: string, path: string): NavigateBulkAction {
  return { kind: 'navigate', label, to: (ids) => pathWithIds(path, ids) };
}

/** DELETE {apiPath}/{id}/ for every selected row ('Delete' unless told otherwise). */
export function deleteEach(messages: BulkMessages, label = 'app.list.delete'): PerItemBulkAction {
  return {
    kind: 'perItem',
    label,
    messages,
    run: (id, { dataProvider, resource }) => dataProvider.delete(resource, { id }),
  };
}

/** POST an action call (path relative to /api/v1) for every selected row. */
export function postEach(
  label: string,
  path: string | ((id: Identifier) => string),
  body: (id: Identifier) => unknown,
  messages: BulkMessages,
): PerItemBulkAction {
  return {
    kind: 'perItem',
    label,
    messages,
    run: (id, { dataProvider }) => dataProvider.request('POST', typeof path === 'string' ? path : path(id), body(id)),
  };
}
