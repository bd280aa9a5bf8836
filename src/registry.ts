// Every entity the app knows, as declared by its folder under resources/. The shell
// registers one <Resource> per declaration, generates the side menu from their `menu`
// entries and gives the dataProvider their API paths. Adding an entity = one line here.
import auditLog from '../resources/audit-log';
import companies from '../resources/companies';
import dataSources from '../resources/data-sources';
import executions from '../resources/executions';
import notifications from '../resources/notifications';
import organizations from '../resources/organizations';
import platformConnections from '../resources/platform-connections';
import profileLists from '../resources/profile-lists';
import profiles from '../resources/profiles';
import ruleSets from '../resources/rule-sets';
import searches from '../resources/searches';
import users from '../resources/users';
import type { ResourceDeclaration } from './resourceTypes';

export const registry: ResourceDeclaration[] = [
  searches,
  profiles,
  profileLists,
  companies,
  dataSources,
  executions,
  ruleSets,
  notifications,
  users,
  organizations,
  platformConnections,
  auditLog,
];

/** resource name → API collection path, for createDataProvider. */
export function apiPathsOf(declarations: ResourceDeclaration[]): Record<string, string> {
  return Object.fromEntries(declarations.map((declaration) => [declaration.name, declaration.apiPath]));
}
