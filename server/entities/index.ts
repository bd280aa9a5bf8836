import type { FastifyPluginAsync } from 'fastify';
import { entityRoutes } from '../http/crud';
import authRoutes from './auth/routes';
import alertRoutes from './alerts/routes';
import { entityDeclarations } from './declarations';
import { auditLog } from './audit-log/entity';

/**
 * Every API module, mounted under /api/v1: the entities, each from its one declaration
 * (server/http/crud.ts; listed in ./declarations.ts), the audit log of their writes, and the
 * account calls.
 */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  alertRoutes,
  ...[...entityDeclarations, auditLog].map((entity) => entityRoutes(entity as never)),
];
