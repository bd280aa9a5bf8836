// Platform connections: credentials for integrations, their secret parameters sealed with
// SECRET_KEY at rest (server/accounts/secret-box.ts) and masked in every answer.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PlatformConnectionTable } from '../../db/schema';
import type { PlatformConnection } from '../../../types/api';
import { SecretBox } from '../../accounts/secret-box';
import { colleaguesOf } from '../../db/visibility';
import { platformCategoryFor } from '../../connectors';
import { MASK, masked } from '../../connectors/fields';
import { ConnectorError, type FieldValues } from '../../connectors/types';

export type PlatformConnectionRow = Selectable<PlatformConnectionTable> & { created_by: string };

const secretKeys = (categoryType: string) =>
  new Set(
    Object.entries(platformCategoryFor(categoryType)?.connection_parameters ?? {})
      .filter(([, field]) => field.secret)
      .map(([key]) => key),
  );

/** As the API answers it: secrets masked (never opened to do so). */
export function toPlatformConnection(row: PlatformConnectionRow, secrets: SecretBox): PlatformConnection {
  const secret = secretKeys(row.category_type);
  const parameters: FieldValues = {};
  for (const [key, value] of Object.entries(row.connection_parameters)) {
    parameters[key] = secret.has(key) && typeof value === 'string' ? maskedSecret(value, secrets) : value;
  }
  return {
    id: row.id,
    category_type: row.category_type,
    connection_parameters: parameters,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function maskedSecret(sealed: string, secrets: SecretBox): string {
  try {
    return masked(secrets.open(sealed));
  } catch {
    return MASK; // sealed with another SECRET_KEY: unreadable here, shown as set
  }
}

/**
 * The parameters to store: secrets sealed; a secret sent back masked (as it was
 * answered) keeps the stored value.
 */
export function sealedParameters(
  categoryType: string,
  parameters: FieldValues,
  stored: FieldValues | undefined,
  secrets: SecretBox,
): FieldValues {
  const secret = secretKeys(categoryType);
  const sealed: FieldValues = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (!secret.has(key) || typeof value !== 'string' || value === '') sealed[key] = value;
    else if (value.startsWith(MASK) && typeof stored?.[key] === 'string') sealed[key] = stored[key];
    else sealed[key] = secrets.seal(value);
  }
  return sealed;
}

/** Rows with the creator's e-mail. */
export function platformConnectionRows(db: Kysely<Database>) {
  return db
    .selectFrom('platform_connection')
    .innerJoin('app_user as owner', 'owner.id', 'platform_connection.owner_id')
    .selectAll('platform_connection')
    .select('owner.email as created_by');
}

/**
 * The opened parameters of connection `id` of `category`, for a retrieval of a
 * data source owned by `ownerId` (their own or their colleagues' connections).
 */
export async function platformConnectionParameters(
  db: Kysely<Database>,
  secrets: SecretBox,
  id: number,
  category: string,
  ownerId: number,
): Promise<FieldValues> {
  const row = Number.isInteger(id)
    ? await db
        .selectFrom('platform_connection')
        .select(['category_type', 'connection_parameters'])
        .where('id', '=', id)
        .where(sql<boolean>`owner_id IN ${colleaguesOf(ownerId)}`)
        .executeTakeFirst()
    : undefined;
  if (!row)
    throw new ConnectorError(`Platform connection ${id} does not exist or is not shared with the data source's owner.`, {
      type: 'PlatformConnectionMissing',
    });
  if (row.category_type !== category)
    throw new ConnectorError(`Platform connection ${id} is a "${row.category_type}" connection, not "${category}".`, {
      type: 'PlatformConnectionMismatch',
    });
  const secret = secretKeys(category);
  const opened: FieldValues = {};
  for (const [key, value] of Object.entries(row.connection_parameters)) {
    if (secret.has(key) && SecretBox.isSealed(value)) {
      try {
        opened[key] = secrets.open(value);
      } catch {
        throw new ConnectorError(`Platform connection ${id} was saved with another SECRET_KEY: enter its secret again.`, {
          type: 'PlatformConnectionUnreadable',
        });
      }
    } else opened[key] = value;
  }
  return opened;
}
