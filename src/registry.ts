// Every entity the app knows, as declared by its folder under resources/. The shell
// registers one <Resource> per declaration, generates the side menu from their `menu`
// entries and gives the dataProvider their API paths. Adding an entity = one line here.
import organizations from '../resources/organizations';
import users from '../resources/users';
import type { ResourceDeclaration } from './resourceTypes';

export const registry: ResourceDeclaration[] = [users, organizations];

/** resource name → API collection path, for createDataProvider. */
export function apiPathsOf(declarations: ResourceDeclaration[]): Record<string, string> {
  return Object.fromEntries(declarations.map((declaration) => [declaration.name, declaration.apiPath]));
}
