// Secrets stored in the database (platform-connection credentials), encrypted with SECRET_KEY
// (CONVENTIONS "Starting the app"): AES-256-GCM, a fresh nonce per value. Without SECRET_KEY a
// key is generated once into DATA_DIR; several processes or machines on one PostgreSQL must
// then share SECRET_KEY, or they cannot read each other's secrets.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';

export class SecretBox {
  private readonly key: Buffer;
  private readonly macKey: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHash('sha256').update(`talent-backoffice secrets\n${secret}`).digest();
    // a key of its own for signatures: a signed link never helps open a sealed secret
    this.macKey = crypto.createHash('sha256').update(`talent-backoffice signatures\n${secret}`).digest();
  }

  /** HMAC-SHA256 of `text` under SECRET_KEY (signed links), base64url. */
  mac(text: string): string {
    return crypto.createHmac('sha256', this.macKey).update(text).digest('base64url');
  }

  seal(plain: string): string {
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The plain value; throws when it was sealed with another key or tampered with. */
  open(value: string): string {
    if (!SecretBox.isSealed(value)) throw new Error('not a sealed secret');
    const bytes = Buffer.from(value.slice(PREFIX.length), 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}

/** SECRET_KEY, or the key generated once into DATA_DIR (file `secret_key`, readable by the owner only). */
export function loadSecretKey(config: { secretKey?: string; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret_key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // another process wrote it first: use theirs
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** The SecretBox of the server running on each database handle (set by the app at start). */
const boxes = new WeakMap<object, SecretBox>();

export function registerSecretBox(db: object, box: SecretBox): void {
  boxes.set(db, box);
}

export function secretBoxOf(db: object): SecretBox {
  const box = boxes.get(db);
  if (!box) throw new Error('no SecretBox for this database: the app sets one at start');
  return box;
}
