import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Two validators: query strings and path parameters are text, so they are
 * coerced ("5" → 5, one value → a list of one); JSON bodies are not, so a
 * `null` or a string where a number belongs is an error, never a silent 0.
 */
export function installValidators(app: FastifyInstance): void {
  const common = { allErrors: true, removeAdditional: true, useDefaults: true, strict: false } as const;
  const coercing = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  // verbose: the error carries the value, so a null is told apart from a wrong type
  const strict = addFormats(new Ajv({ ...common, coerceTypes: false, verbose: true }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
