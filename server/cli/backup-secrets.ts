// After a restore: the platform connections' secrets in the database are sealed with the
// SECRET_KEY of the installation that was backed up. A backup never holds that key (the point of
// sealing them is that the database alone does not give them away), so a restore on another
// machine, or with another key, cannot open them: say so at once rather than at the next retrieval.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { SecretBox } from '../accounts/secret-box';

/** A warning when sealed secrets in the database do not open with this installation's key; undefined when all do. */
export async function checkSecretKey(db: Kysely<Database>, config: Config): Promise<string | undefined> {
  const rows = await db.selectFrom('platform_connection').select(['connection_parameters']).execute();
  const sealed = rows.flatMap((row) => Object.values(row.connection_parameters ?? {}).filter(SecretBox.isSealed));
  if (!sealed.length) return undefined;
  const keyFile = path.join(config.dataDir, 'secret_key');
  const key = config.secretKey ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : undefined);
  const box = key ? new SecretBox(key) : undefined;
  const unreadable = sealed.filter((value) => {
    try {
      box?.open(value);
      return !box;
    } catch {
      return true;
    }
  }).length;
  if (!unreadable) return undefined;
  return (
    `Warning: ${unreadable} of ${sealed.length} platform-connection secrets do not open with this installation's key ` +
    `(${config.secretKey ? 'SECRET_KEY' : key ? keyFile : 'none yet'}): they were sealed with the backed-up installation's key. ` +
    `Start the server with that installation's SECRET_KEY (or its ${path.join('DATA_DIR', 'secret_key')} file), or enter those secrets again.`
  );
}
