// Platform connections (SPEC §7 Platform connections): credentials for integrations, shared
// with the owner's organization colleagues; only the owner (or staff) changes or deletes one.
// Secrets are sealed at rest and masked in every answer; a masked value sent back keeps the
// stored secret.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/schema';
import type { PlatformConnectionWrite } from '../../../types/api';
import {
  PlatformConnectionDimensionsSchema,
  PlatformConnectionSchema,
  PlatformConnectionWriteSchema,
} from '../../../types/wire/data-operations';
import { errors } from '../../../types/schema';
import { defineEntity } from '../../http/crud';
import { ownedByColleagues } from '../../db/visibility';
import { platformCategoryDefinitions, platformCategoryFor, platformParameterProblems, secretParameterKeys } from '../../connectors';
import { checkedFieldValues, type FieldValues } from '../../connector-kit/fields';
import { fieldError } from '../../errors';
import { secretBoxOf } from '../../accounts/secret-box';
import { platformConnectionRows, sealedParameters, toPlatformConnection, type PlatformConnectionRow } from './repository';

function checkedParameters(
  db: Kysely<Database>,
  body: Partial<PlatformConnectionWrite>,
  current?: { category_type: string; connection_parameters: FieldValues },
): { category_type: string; connection_parameters: string } {
  const categoryType = body.category_type ?? current?.category_type ?? '';
  const category = platformCategoryFor(categoryType);
  if (!category) throw fieldError('category_type', `"${categoryType}" is not a known category.`);
  const sameCategory = current?.category_type === category.internal_name;
  const given = body.connection_parameters ?? (sameCategory ? current!.connection_parameters : {});
  const values = checkedFieldValues(
    'connection_parameters',
    category.connection_parameters,
    given,
    // what was sent (stored values, sealed, were checked when saved)
    body.connection_parameters ? platformParameterProblems(category.internal_name, given) : [],
  );
  return {
    category_type: category.internal_name,
    connection_parameters: JSON.stringify(
      sealedParameters(category.internal_name, values, sameCategory ? current?.connection_parameters : undefined, secretBoxOf(db)),
    ),
  };
}

async function updateConnection(db: Kysely<Database>, id: number, body: Partial<PlatformConnectionWrite>): Promise<void> {
  const current = await db
    .selectFrom('platform_connection')
    .select(['category_type', 'connection_parameters'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('platform_connection')
    .set({ ...checkedParameters(db, body, current), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export const platformConnections = defineEntity({
  path: 'platform-connections',
  table: 'platform_connection',
  item: PlatformConnectionSchema,
  summary: 'Platform connections of the user and their organization colleagues (secrets masked)',
  list: {
    ordering: {
      created_at: 'platform_connection.created_at',
      updated_at: 'platform_connection.updated_at',
      category_type: 'category_type',
    },
    defaultOrdering: ['-created_at'],
    search: ['category_type', 'owner.email'],
  },
  // the connections a data-source field of type 'connection' may name: those of its category
  filters: { category_type: Type.Optional(Type.String({ maxLength: 100 })) },
  rows: (db, viewer) => ownedByColleagues(platformConnectionRows(db), viewer),
  filter: (query, filters: { category_type?: string }) =>
    filters.category_type ? query.where('platform_connection.category_type', '=', filters.category_type) : query,
  toItems: async (db, _viewer, rows: PlatformConnectionRow[]) => rows.map((row) => toPlatformConnection(row, secretBoxOf(db))),
  mayWrite: (viewer, row) => row.owner_id === viewer.id,
  // the category's secret parameters never reach the audit log, not even masked as answered
  audit: { secrets: (item) => [...secretParameterKeys(item.category_type)].map((key) => `connection_parameters.${key}`) },
  writes: {
    body: PlatformConnectionWriteSchema,
    async create(db, viewer, body) {
      const row = await db
        .insertInto('platform_connection')
        .values({ ...checkedParameters(db, body), owner_id: viewer.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (db, _viewer, id, body) => updateConnection(db, id, body),
  },
  deletable: true,

  routes(app) {
    app.get(
      '/platform-connections/dimensions',
      {
        schema: {
          tags: ['platform-connections'],
          summary: 'Every category: its parameters (which are secret)',
          response: { 200: PlatformConnectionDimensionsSchema, ...errors(401) },
        },
      },
      async () => platformCategoryDefinitions(),
    );
  },
});
