// Every entity a write through the API can touch, each from its one declaration (server/http/crud.ts).
// The audit log (./audit-log) reads them to tell whether an entry's object is still there.
import { users } from './users/entity';
import { organizations } from './organizations/entity';
import { profiles } from './profiles/entity';
import { companies } from './companies/entity';
import { profileLists } from './profile-lists/entity';
import { searches } from './searches/entity';
import { dataSources } from './data-sources/entity';
import { executions } from './executions/entity';
import { platformConnections } from './platform-connections/entity';
import { rules } from './rules/entity';
import { notifications } from './notifications/entity';

/** A new entity adds one line here. */
export const entityDeclarations = [
  users,
  organizations,
  profiles,
  companies,
  profileLists,
  searches,
  dataSources,
  executions,
  platformConnections,
  rules,
  notifications,
];
