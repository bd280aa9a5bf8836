import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI generated from the route schemas: the viewer at /api/docs, the document at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Talent Back-office API', version: '1.0.0', description: 'Every call of the back-office app. Authenticate with `Authorization: Token {token}` from POST /api/v1/auth/sign-in/.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token {token}' } } },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // the app is served over plain http too (localhost, a container's address): upgrading
    // the viewer's own requests to https would leave it blank there
    transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
