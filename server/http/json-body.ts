import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Django REST framework reads them: an empty body is no body, whatever its
 * Content-Type (react-admin's fetchUtils sends `application/json` on every non-GET call,
 * and SPEC §7 sends notifications' send/ "with an empty body"). A route that expects a body
 * then reads `{}`, so a client hears which fields are required rather than "JSON parse error".
 * Anything else is parsed by Fastify's own parser, which refuses `__proto__` and
 * `constructor.prototype` keys.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
}
