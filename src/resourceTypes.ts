import type { ComponentType, ReactElement } from 'react';
import type { RecordToStringFunction } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/** Menu groups of the side menu, in display order (SPEC §2 Side menu). */
export type MenuGroup = 'Management' | 'Data Operations' | 'Rules' | 'Monitoring' | 'Admin';

export interface MenuEntry {
  group: MenuGroup;
  /** i18n key of the entry label, e.g. 'resources.users.menu' */
  label: string;
  /** position inside its group */
  order: number;
  icon?: ComponentType;
  /** only staff see it (the Admin group) */
  staffOnly?: boolean;
  /** crowdsourcing users see it (only Notifications) */
  crowdsourcing?: boolean;
}

/**
 * A large tile of the home page (SPEC §2 Home) leading to the entity's list; its title and text
 * are the entity's i18n keys `resources.{name}.home.title` and `resources.{name}.home.text`.
 */
export interface HomeEntry {
  /** position among the tiles */
  order: number;
  icon: ComponentType<{ fontSize?: 'large'; color?: 'primary' }>;
  /** the tile crowdsourcing users get instead of everyone else's */
  crowdsourcing?: boolean;
}

/**
 * The face of one entity in the app: what `resources/<entity>/index.ts` exports.
 * The app shell registers a <Resource> for each, builds the side menu from `menu`
 * and the dataProvider maps `name` to `apiPath`.
 *
 * Routes follow the spec, not react-admin's defaults:
 *   /{name}            list
 *   /{name}/create     create
 *   /{name}/:id        show
 *   /{name}/:id/update edit
 * plus `routes` (e.g. add-users), relative to /{name}.
 */
export interface ResourceDeclaration {
  name: string;
  /** API collection path, e.g. '/api/v1/users' (no trailing slash) */
  apiPath: string;
  menu?: MenuEntry;
  home?: HomeEntry;
  /** how one record is named in titles and references (react-admin's recordRepresentation) */
  recordRepresentation?: string | RecordToStringFunction;
  list?: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** extra <Route path="…"> elements relative to /{name} */
  routes?: ReactElement[];
  /**
   * What the list asks for first when its address has no query, as react-admin's queries: answered
   * before the app's first render when the page asked for them early (src/firstScreen.ts).
   */
  listFirstQueries?: FirstQuery[];
}

/** One of a screen's first queries: react-query's key as the screen's hook makes it, and its fetch. */
export interface FirstQuery {
  queryKey: readonly unknown[];
  queryFn: (dataProvider: AppDataProvider) => Promise<unknown>;
  /**
   * A typical answer, made up: the build renders the screen with it once more for its styles only
   * (src/adminFrame/prerender.tsx), so that the styles the real answer brings are in the page already.
   */
  frameSample?: unknown;
}
