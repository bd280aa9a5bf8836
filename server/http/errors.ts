import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../types/api';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { validationMessages } from './validation';

/**
 * An error only HTTP has words for: who is calling (401), how often (429, with `Retry-After`).
 * What the domain refuses is a DomainError (server/errors.ts), given its status below.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly messages: string[],
    public readonly headers?: Record<string, string>,
  ) {
    super(messages.join(', '));
  }
}

export const unauthorized = (message = 'Authentication credentials were not provided.') => new HttpError(401, [message]);

/** The status code of a domain error. */
function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  return 400;
}

/** Everything becomes `{"errors": [...]}`; nothing a client sends turns into a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ErrorBody = { errors: error.messages };
      if (error instanceof ValidationError && error.fields) body.fields = error.fields;
      return reply.status(statusOf(error)).send(body);
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ errors: error.messages } satisfies ErrorBody);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const { errors, fields } = validationMessages(fastifyError.validation, fastifyError.validationContext);
      return reply.status(400).send({ errors, fields } satisfies ErrorBody);
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ errors: ['Too many attempts. Please try again later.'] } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // malformed JSON, empty body with a JSON content type, too large a body, unsupported media type…
      return reply.status(status).send({ errors: [clientMessage(fastifyError)] } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: ['A server error occurred.'] } satisfies ErrorBody);
  });
}

/**
 * The router's own refusals, made before any route or hook runs (a path that is not valid
 * percent-encoded UTF-8, a path parameter longer than the router takes): Fastify's
 * `frameworkErrors` option, so that they answer `{"errors": [...]}` like everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send({ errors: [clientMessage(error)] } satisfies ErrorBody);
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(500).send({ errors: ['A server error occurred.'] } satisfies ErrorBody);
}

/** The 404 of an unknown path (the static app adds its history fallback in front of it). */
export function notFoundBody(method: string, url: string): ErrorBody {
  return { errors: [`Not found: ${method} ${url.split('?')[0]}`] };
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'JSON parse error: the request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type: send application/json.';
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL: the path is not valid percent-encoded UTF-8.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A path parameter is too long.';
    default:
      return error.message || 'Bad request.';
  }
}
