// The ids a container (organization, profile list) is written with, from the members
// it was read with: SPEC §4 "fetch the list (or organization), merge or filter the ids,
// then update it".
import type { Identifier } from 'react-admin';

/** The ids of the members as the API lists them ({id, …} objects or bare ids). */
export function memberIdsOf(members: unknown): Identifier[] {
  if (!Array.isArray(members)) return [];
  return members.map((member) =>
    member !== null && typeof member === 'object' ? (member as { id: Identifier }).id : (member as Identifier),
  );
}

/** The current ids followed by the new ones that are not there yet. */
export function mergeIds(current: Identifier[], added: Identifier[]): Identifier[] {
  const result = [...current];
  for (const id of added) if (!result.some((one) => String(one) === String(id))) result.push(id);
  return result;
}

/** The current ids without the removed ones. */
export function withoutIds(current: Identifier[], removed: Identifier[]): Identifier[] {
  const gone = new Set(removed.map(String));
  return current.filter((id) => !gone.has(String(id)));
}

/** Ids from repeated `id` query parameters; the API's ids are integers. */
export function idsFromQuery(params: URLSearchParams): Identifier[] {
  return params
    .getAll('id')
    .filter((raw) => /^\d+$/.test(raw))
    .map(Number);
}
