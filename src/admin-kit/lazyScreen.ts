// A screen loaded when it is first opened, not with the app: the login page and the home page do
// not parse react-admin's list, form and detail machinery, and each screen brings what it uses.
import { type ComponentType, lazy } from 'react';

/** `lazyScreen(() => import('./DataSourceCreate'), (m) => m.DataSourceCreate)` */
export function lazyScreen<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  return lazy(async () => ({ default: pick(await load()) }));
}
