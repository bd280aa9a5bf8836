// A platform connection opened for a retrieval (a PDL key, a feed's header, an LLM endpoint): only
// one the data source's owner may use (their own or their organization colleagues'), of the
// category the field asks for, its secrets opened with the installation's SECRET_KEY. Whatever
// stands in the way fails the retrieval (ConnectorError), saying which connection and why.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SecretBox } from '../accounts/secret-box';
import { secretParameterKeys } from '../connectors';
import { ConnectorError } from '../connector-kit/connector-error';
import type { FieldValues } from '../connector-kit/fields';
import { findSharedPlatformConnection } from './repository';

/** The opened parameters of connection `id` of `category`, for a retrieval of a data source owned by `ownerId`. */
export async function platformConnectionParameters(
  db: Kysely<Database>,
  secrets: SecretBox,
  id: number,
  category: string,
  ownerId: number,
): Promise<FieldValues> {
  const row = Number.isInteger(id) ? await findSharedPlatformConnection(db, id, ownerId) : undefined;
  if (!row)
    throw new ConnectorError(`Platform connection ${id} does not exist or is not shared with the data source's owner.`, {
      type: 'PlatformConnectionMissing',
    });
  if (row.category_type !== category)
    throw new ConnectorError(`Platform connection ${id} is a "${row.category_type}" connection, not "${category}".`, {
      type: 'PlatformConnectionMismatch',
    });
  const secret = secretParameterKeys(category);
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
