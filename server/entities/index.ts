import type { FastifyPluginAsync } from 'fastify';
import { entityRoutes } from '../http/crud';
import authRoutes from './auth/routes';
import alertRoutes from './alerts/routes';
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
import { auditLog } from './audit-log/entity';

/**
 * Every API module, mounted under /api/v1: the entities, each from its one declaration
 * (server/http/crud.ts), and the account calls. A new entity adds one line here.
 */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  alertRoutes,
  ...[
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
    auditLog,
  ].map((entity) => entityRoutes(entity as never)),
];
