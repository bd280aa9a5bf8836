// The profiles list's filters (GET /profiles and what a watched saved search matches, issue 18): sorting, search,
// the querystring of its filters and those filters as SQL over `profile`, with who may see what.
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';
import { RATING_FIELDS, type RatingField } from '../../types/api';
import type { ListSearchAndSort } from './list-page';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { Id } from '../../types/schema';

/** Sorting and search of GET /profiles (SPEC §2 Profiles list: eight sortable columns). */
export const profileList: ListSearchAndSort = {
  ordering: {
    first_name: 'first_name',
    last_name: 'last_name',
    created_at: 'created_at',
    updated_at: 'updated_at',
    tech_rating: 'tech_rating',
    education_rating: 'education_rating',
    professional_experience_rating: 'professional_experience_rating',
    entrepreneurial_spirit_rating: 'entrepreneurial_spirit_rating',
  },
  // a missing rating is never "the best" nor "the worst": last either way
  nullsLast: [...RATING_FIELDS],
  defaultOrdering: ['-created_at'],
  // names, headline, location, e-mail and current company, folded once into a trigram-indexed column
  search: ['search_text'],
  searchFolded: true,
  countVersionOf: 'profile',
};

/** Querystring schema of the profile filters (repeated keys for lists, __gte/__lte for ranges). */
const Rating = Type.Optional(Type.Number({ minimum: 0, maximum: 10 }));
export const profileFilterSchema = {
  data_sources: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  nationalities: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 10 }), { maxItems: 300 })),
  gender: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
  tech_rating__gte: Rating,
  tech_rating__lte: Rating,
  education_rating__gte: Rating,
  education_rating__lte: Rating,
  professional_experience_rating__gte: Rating,
  professional_experience_rating__lte: Rating,
  entrepreneurial_spirit_rating__gte: Rating,
  entrepreneurial_spirit_rating__lte: Rating,
} satisfies Record<`${RatingField}__${'gte' | 'lte'}`, TSchema> & TProperties;

export type ProfileFilters = Static<TObject<typeof profileFilterSchema>>;

/**
 * What a user may see and what they asked for, as conditions on `profile`
 * (or `company`, which has the same data_source_ids column).
 * `readable` null means staff: every data source.
 */
export function dataSourceCondition(readable: number[] | null, requested?: number[]): RawBuilder<SqlBool> | undefined {
  let ids: number[] | null = readable;
  if (requested?.length) ids = readable === null ? requested : requested.filter((id) => readable.includes(id));
  if (ids === null) return undefined;
  if (ids.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`data_source_ids && ${sql.val(ids)}::int[]`;
}

export function applyProfileFilters<O>(
  query: SelectQueryBuilder<Database, 'profile', O>,
  filters: ProfileFilters,
  readable: number[] | null,
): SelectQueryBuilder<Database, 'profile', O> {
  let q = query;
  const visible = dataSourceCondition(readable, filters.data_sources);
  if (visible) q = q.where(visible);
  if (filters.nationalities?.length) {
    q = q.where(sql<SqlBool>`nationalities ?| ${sql.val(filters.nationalities)}::text[]`);
  }
  if (filters.gender?.length) q = q.where('gender_value', 'in', filters.gender);
  for (const field of RATING_FIELDS) {
    const gte = filters[`${field}__gte`];
    const lte = filters[`${field}__lte`];
    if (gte !== undefined) q = q.where(field, '>=', gte);
    if (lte !== undefined) q = q.where(field, '<=', lte);
  }
  return q;
}

/** Every range must be low ≤ high; answers the problems by field (the lower bound's). */
export function rangeProblems(filters: ProfileFilters): Record<string, string[]> {
  return Object.fromEntries(
    RATING_FIELDS.flatMap((field) => {
      const gte = filters[`${field}__gte`];
      const lte = filters[`${field}__lte`];
      return gte !== undefined && lte !== undefined && gte > lte ? [[`${field}__gte`, [`Must not be greater than ${field}__lte.`]]] : [];
    }),
  );
}
