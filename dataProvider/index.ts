// react-admin's dataProvider over the REST API of SPEC §7 (CONVENTIONS API): ra-data-simple-rest
// over our httpClient (fetchUtils.fetchJson), overriding only what our API does differently:
// - lists are GET {path}?page&page_size&ordering&filters (sorted keys) answering {count, results};
// - writes go to paths with a trailing slash: POST {path}/, PUT and DELETE {path}/{id}/;
// - DELETE answers 204 without a body, and there is no `?filter={"id":[…]}` for getMany:
//   one call per id, as for updateMany and deleteMany.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient, type HttpClient, type HttpMethod } from './httpClient';
import { buildQueryString, listQueryParams } from './queryString';

export { buildQueryString, listQueryParams } from './queryString';
export { errorMessage } from './errors';
export { httpClient } from './httpClient';
export type { HttpClient, HttpMethod } from './httpClient';
export { TOKEN_COOKIE, TOKEN_COOKIE_ATTRIBUTES, clearToken, getToken, setToken } from './tokenCookie';

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
  /** A resource's API collection path: apiPathOf('rule-sets') → '/api/v1/rules' (the audit trail names entities so). */
  apiPathOf(resource: string): string;
}

/** Our API's writes take a trailing slash: /api/v1/x/ and /api/v1/x/{id}/. */
const withWriteSlash =
  (client: HttpClient): HttpClient =>
  (url: string, options = {}) =>
    client(options.method && options.method !== 'GET' && !url.endsWith('/') ? `${url}/` : url, options);

export function createDataProvider({ apiUrl = API_URL, resourcePaths = {} }: DataProviderOptions = {}): AppDataProvider {
  // simple-rest calls `${apiUrl}/${resource}`: it is handed the resource's API path instead of its name.
  const pathOf = (resource: string) => (resourcePaths[resource] ?? `${API_PREFIX}/${resource}`).replace(/^\//, '');
  const simpleRest = simpleRestProvider(apiUrl, withWriteSlash(httpClient));

  const getList: DataProvider['getList'] = async (resource, params) => {
    const query = buildQueryString(listQueryParams(params));
    const { json } = await httpClient(`${apiUrl}/${pathOf(resource)}${query ? `?${query}` : ''}`, { signal: params.signal });
    return { data: json.results, total: json.count };
  };

  return {
    supportAbortSignal: true,
    getList,
    getManyReference: (resource, { target, id, filter, ...rest }) => getList(resource, { ...rest, filter: { ...filter, [target]: id } }),
    getOne: (resource, params) => simpleRest.getOne(pathOf(resource), params),
    getMany: async (resource, { ids, signal, meta }) => ({
      data: await Promise.all(ids.map(async (id) => (await simpleRest.getOne(pathOf(resource), { id, signal, meta })).data)),
    }),
    create: (resource, params) => simpleRest.create(pathOf(resource), params),
    update: (resource, params) => simpleRest.update(pathOf(resource), params),
    updateMany: (resource, params) => simpleRest.updateMany(pathOf(resource), params),
    delete: async (resource, params) => {
      await simpleRest.delete(pathOf(resource), params);
      return { data: params.previousData ?? ({ id: params.id } as never) };
    },
    deleteMany: async (resource, { ids, meta }) => {
      await Promise.all(ids.map((id) => simpleRest.delete(pathOf(resource), { id, meta })));
      return { data: ids };
    },
    apiPathOf: (resource) => `/${pathOf(resource)}`,
    request: async (method, path, body) => {
      const { json } = await httpClient(`${apiUrl}${API_PREFIX}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return json;
    },
  };
}
