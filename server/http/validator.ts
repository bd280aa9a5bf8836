import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Two validators: query strings and path parameters are text, so they are
 * coerced ("5" → 5, one value → a list of one); JSON bodies are not, so a
 * `null` or a string where a number belongs is an error, never a silent 0.
 * Each schema is compiled on its route's first request, not at start: compiling
 * every route's schemas up front cost a third of a second of every cold start.
 */
export function installValidators(app: FastifyInstance): void {
  const common = { allErrors: true, removeAdditional: true, useDefaults: true, strict: false } as const;
  let coercing: Ajv | undefined;
  let strict: Ajv | undefined;
  // verbose: the error carries the value, so a null is told apart from a wrong type
  const ajvFor = (httpPart: string | undefined): Ajv => {
    if (httpPart === 'body') {
      strict ??= addFormats(new Ajv({ ...common, coerceTypes: false, verbose: true }));
      return strict;
    }
    coercing ??= addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
    return coercing;
  };
  app.setValidatorCompiler(({ schema, httpPart }) => compiledOnFirstUse(() => ajvFor(httpPart).compile(schema)));
}

/** A validator that compiles itself when first called; Fastify reads `errors` from the function it holds. */
export function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const get = () => (compiled ??= compile());
  const validate = ((...args: Parameters<ValidateFunction>) => {
    const valid = get()(...args);
    validate.errors = get().errors;
    return valid;
  }) as ValidateFunction;
  // Fastify hands Ajv the parent object (so a root value can be coerced) when the function has a schemaEnv
  Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
  return validate;
}
