import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';

const DOCS_PREFIX = '/api/docs';

const openapi = {
  info: {
    title: 'Talent Back-office API',
    version: '1.0.0',
    description: 'Every call of the back-office app. Authenticate with `Authorization: Token {token}` from POST /api/v1/auth/sign-in/.',
  },
  components: {
    securitySchemes: { token: { type: 'apiKey' as const, in: 'header' as const, name: 'Authorization', description: 'Token {token}' } },
  },
  security: [{ token: [] }],
};

/**
 * OpenAPI generated from the route schemas: the viewer at /api/docs, the
 * document at /api/docs/json. @fastify/swagger collects the routes as they are
 * registered; the viewer (swagger-ui and its static files) is set up on its
 * first request, in an instance of its own, instead of on every start.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { openapi });
  let viewer: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    viewer ??= buildViewer(app).catch((error) => {
      viewer = undefined;
      throw error;
    });
    const answer = await (await viewer).inject({ method: request.method as 'GET', url: request.url, headers: request.headers });
    // the viewer's own headers win (swagger-ui brings its CSP for its inline script and styles)
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !['content-length', 'connection', 'date', 'transfer-encoding'].includes(name)) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, config: { access: 'public' }, handler: forward });
  }
}

async function buildViewer(app: FastifyInstance): Promise<FastifyInstance> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  const viewer = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await viewer.register(swagger, { mode: 'static', specification: { document: app.swagger() as never } });
  await viewer.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // the app is served over plain http too (localhost, a container's address): upgrading
    // the viewer's own requests to https would leave it blank there
    transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
  await viewer.ready();
  return viewer;
}
