// react-admin's dataProvider over the REST API of SPEC §7 (CONVENTIONS API):
// lists are GET {apiPath}?page&page_size&ordering&filters (sorted keys) answering
// {count, results}; records live at {apiPath}/{id}/.
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { httpClient, type HttpMethod } from './httpClient';
import { buildQueryString, listQueryParams } from './queryString';

export { buildQueryString, listQueryParams, toOrdering } from './queryString';
export type { QueryParams, QueryValue } from './queryString';
export { errorMessage, messageFromBody, GENERIC_ERROR_MESSAGE } from './errors';
export { httpClient } from './httpClient';
export type { HttpMethod } from './httpClient';

/** Same origin unless the build says otherwise (CONVENTIONS Browser app). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '';
const API_PREFIX = '/api/v1';

export interface DataProviderOptions {
  apiUrl?: string;
  /** react-admin resource name → API collection path, e.g. { 'rule-sets': '/api/v1/rules' } */
  resourcePaths?: Record<string, string>;
}

export interface AppDataProvider extends DataProvider {
  /**
   * An action call outside the CRUD methods; `path` is relative to /api/v1,
   * e.g. request('POST', '/users/activate/', { user_id: 3 }).
   */
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
}

interface ListResponse {
  count: number;
  results: RaRecord[];
}

export function createDataProvider({ apiUrl = API_URL, resourcePaths = {} }: DataProviderOptions = {}): AppDataProvider {
  const collection = (resource: string) => `${apiUrl}${resourcePaths[resource] ?? `${API_PREFIX}/${resource}`}`;
  const item = (resource: string, id: Identifier) => `${collection(resource)}/${encodeURIComponent(String(id))}`;

  const getOne = async (resource: string, { id, signal }: { id: Identifier; signal?: AbortSignal }) => ({
    data: await httpClient<RaRecord>(item(resource, id), { signal }),
  });

  const getList: DataProvider['getList'] = async (resource, params) => {
    const query = buildQueryString(listQueryParams(params));
    const url = query ? `${collection(resource)}?${query}` : collection(resource);
    const { count, results } = await httpClient<ListResponse>(url, { signal: params.signal });
    return { data: results as never[], total: count };
  };

  const update = async (resource: string, id: Identifier, data: unknown) =>
    httpClient<RaRecord>(`${item(resource, id)}/`, { method: 'PUT', body: data });

  const remove = async (resource: string, id: Identifier) =>
    httpClient<unknown>(`${item(resource, id)}/`, { method: 'DELETE' });

  return {
    supportAbortSignal: true,
    getList,
    getOne: (resource, params) => getOne(resource, params) as never,
    getMany: async (resource, { ids, signal }) => ({
      data: (await Promise.all(ids.map((id) => getOne(resource, { id, signal })))).map(({ data }) => data) as never[],
    }),
    getManyReference: (resource, { target, id, filter, ...rest }) =>
      getList(resource, { ...rest, filter: { ...filter, [target]: id } }),
    create: async (resource, { data }) => ({
      data: (await httpClient<RaRecord>(`${collection(resource)}/`, { method: 'POST', body: data })) as never,
    }),
    update: async (resource, { id, data }) => ({ data: (await update(resource, id, data)) as never }),
    updateMany: async (resource, { ids, data }) => {
      await Promise.all(ids.map((id) => update(resource, id, data)));
      return { data: ids };
    },
    delete: async (resource, { id, previousData }) => {
      await remove(resource, id);
      return { data: (previousData ?? { id }) as never };
    },
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => remove(resource, id)));
      return { data: ids };
    },
    request: <T,>(method: HttpMethod, path: string, body?: unknown) =>
      httpClient<T>(`${apiUrl}${API_PREFIX}${path}`, { method, body }),
  };
}

/** An instance with every resource at its default path; the app builds its own from the registry. */
export const dataProvider = createDataProvider();
export default dataProvider;
