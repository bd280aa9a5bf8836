import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { NOT_BLANK } from '../../types/schema';

/**
 * Turns JSON-schema (ajv) errors into the API's messages, one per field, in the
 * words Django REST framework uses, so that the app shows something readable:
 * `"email: Enter a valid email address."`.
 */
export function validationMessages(
  errors: FastifySchemaValidationError[],
  context?: string,
): { errors: string[]; fields: Record<string, string[]> } {
  // a field a client names may be `constructor` or `__proto__`: no inherited keys here
  const fields: Record<string, string[]> = Object.create(null);
  for (const error of errors) {
    const { field, message } = describe(error, context);
    fields[field] ??= [];
    if (!fields[field].includes(message)) fields[field].push(message);
  }
  const messages = Object.entries(fields).flatMap(([field, list]) => list.map((m) => `${field}: ${m}`));
  return { errors: messages, fields };
}

function fieldName(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    const parent = pathOf(error.instancePath);
    return parent ? `${parent}.${params.missingProperty}` : params.missingProperty;
  }
  return pathOf(error.instancePath) || 'non_field_errors';
}

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

function describe(error: FastifySchemaValidationError, context?: string): { field: string; message: string } {
  const params: Record<string, unknown> = error.params;
  // a repeated query key has no index a client could name: `data_sources`, not `data_sources.1`
  const field = context === 'querystring' ? fieldName(error).replace(/\.\d+(?=\.|$)/g, '') : fieldName(error);
  switch (error.keyword) {
    case 'required':
      return { field, message: 'This field is required.' };
    case 'type': {
      if ((error as { data?: unknown }).data === null && field !== 'non_field_errors')
        return { field, message: 'This field may not be null.' };
      if (field === 'non_field_errors' && context === 'body') return { field, message: 'Invalid data. Expected a dictionary.' };
      const type = String(params.type).split(',')[0];
      const words: Record<string, string> = {
        integer: 'A valid integer is required.',
        number: 'A valid number is required.',
        string: 'Not a valid string.',
        boolean: 'Must be a valid boolean.',
        array: 'Expected a list of items.',
        object: 'Expected a dictionary of items.',
        null: 'This field may be null only.',
      };
      return { field, message: words[type] ?? `Expected ${type}.` };
    }
    case 'minLength':
      return {
        field,
        message: params.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${params.limit} characters.`,
      };
    case 'maxLength':
      return { field, message: `Ensure this field has no more than ${params.limit} characters.` };
    case 'format':
      return { field, message: params.format === 'email' ? 'Enter a valid email address.' : `Enter a valid ${params.format}.` };
    case 'minimum':
      return { field, message: `Ensure this value is greater than or equal to ${params.limit}.` };
    case 'maximum':
      return { field, message: `Ensure this value is less than or equal to ${params.limit}.` };
    case 'exclusiveMinimum':
      return { field, message: `Ensure this value is greater than ${params.limit}.` };
    case 'multipleOf':
      return { field, message: 'Ensure that there are no more than 2 decimal places.' };
    case 'const':
      return { field, message: `Select a valid choice. Allowed: ${params.allowedValue}.` };
    case 'enum':
      return { field, message: `Select a valid choice. Allowed: ${(params.allowedValues as unknown[]).join(', ')}.` };
    case 'maxItems':
      return { field, message: `Ensure this field has no more than ${params.limit} elements.` };
    case 'pattern':
      return { field, message: params.pattern === NOT_BLANK ? 'This field may not be blank.' : 'Enter a valid value.' };
    case 'additionalProperties':
      return { field: String(params.additionalProperty), message: 'Unknown field.' };
    default:
      return { field, message: error.message ?? 'Invalid value.' };
  }
}
