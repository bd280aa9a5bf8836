// A screen loaded when it is first opened, not with the app: the login page and the home page do
// not parse react-admin's list, form and detail machinery, and each screen brings what it uses.
// A screen already loaded (`preload`, awaited before the app's first render: src/firstScreen.ts)
// renders at once, without React.lazy's suspended first render and the second render after it.
import { type ComponentType, createElement, lazy, memo } from 'react';

export type LazyScreen<P extends object = object> = ComponentType<P> & {
  /** loads the screen's module; once it has, the screen renders without suspending */
  preload: () => Promise<void>;
};

/** `lazyScreen(() => import('./DataSourceCreate'), (m) => m.DataSourceCreate)` */
export function lazyScreen<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  const pickAndKeep = (module: M) => {
    loaded = pick(module);
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: pickAndKeep(await load()) }));
  // A screen renders again for its own state and contexts, not because the routes above it did:
  // react-admin's router renders every route again as it mounts (it takes its children a second
  // time, in an effect), and each route makes its screen's element anew.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React.lazy is
  const Rendered = memo((props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React.lazy is
  const Screen = (props: P) => createElement(Rendered as ComponentType<P>, props);
  Screen.preload = async () => {
    pickAndKeep(await load());
  };
  return Screen;
}

/** Whether `component` is a lazy screen (a declaration's screens may be plain components too). */
export function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof component === 'function' && typeof (component as Partial<LazyScreen>).preload === 'function';
}
