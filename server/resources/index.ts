import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes';
import userRoutes from './users/routes';
import organizationRoutes from './organizations/routes';
import profileRoutes from './profiles/routes';
import companyRoutes from './companies/routes';
import profileListRoutes from './profile-lists/routes';
import savedSearchRoutes from './searches/routes';

/** Every API module, mounted under /api/v1. A new entity adds its routes here. */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  userRoutes,
  organizationRoutes,
  profileRoutes,
  companyRoutes,
  profileListRoutes,
  savedSearchRoutes,
];
