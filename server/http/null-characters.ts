import type { FastifyRequest } from 'fastify';
import { fieldError } from '../errors';

/**
 * PostgreSQL text cannot store U+0000: a request whose body or query holds one
 * is refused up front with a 400 naming the field (DRF's words), instead of
 * failing in the database with a 500.
 */
export async function refuseNullCharacters(request: FastifyRequest): Promise<void> {
  const field = fieldWithNullCharacter(request.body) ?? fieldWithNullCharacter(request.query);
  if (field) throw fieldError(field, 'Null characters are not allowed.');
}

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The first field (a dotted path) holding a string with U+0000. Walked with a stack of its
 * own, not by recursion: a 1 MiB body can nest a few hundred thousand levels deep, past the
 * call stack (a RangeError, a 500). The path is spelled only for the field found.
 */
function fieldWithNullCharacter(root: unknown): string | undefined {
  const stack: Visit[] = [{ value: root }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit) || 'non_field_errors';
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      // reversed onto the stack: fields are visited in their order, depth first
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i][1], key: entries[i][0], parent: visit });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
