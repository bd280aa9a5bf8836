// Platform connections: credentials for integrations, their secret parameters sealed with
// SECRET_KEY at rest (server/accounts/secret-box.ts) and masked in every answer.
import type { Kysely, Selectable } from 'kysely';
import type { Database, PlatformConnectionTable } from '../../db/schema';
import type { PlatformConnection } from '../../../types/api';
import type { SecretBox } from '../../accounts/secret-box';
import { secretParameterKeys } from '../../connectors';
import { MASK, masked, type FieldValues } from '../../connector-kit/fields';

export type PlatformConnectionRow = Selectable<PlatformConnectionTable> & { created_by: string };

/** As the API answers it: secrets masked (never opened to do so). */
export function toPlatformConnection(row: PlatformConnectionRow, secrets: SecretBox): PlatformConnection {
  const secret = secretParameterKeys(row.category_type);
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
  const secret = secretParameterKeys(categoryType);
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
