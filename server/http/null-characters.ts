import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/**
 * PostgreSQL text cannot store U+0000: a request whose body or query holds one
 * is refused up front with a 400 naming the field (DRF's words), instead of
 * failing in the database with a 500.
 */
export async function refuseNullCharacters(request: FastifyRequest): Promise<void> {
  const field = fieldWithNullCharacter(request.body) ?? fieldWithNullCharacter(request.query);
  if (field) throw fieldError(field, 'Null characters are not allowed.');
}

/** The first field (a dotted path) holding a string with U+0000. */
function fieldWithNullCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'non_field_errors' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNullCharacter(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}
