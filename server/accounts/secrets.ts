import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and e-mailed codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored hashed: a leaked table gives nobody a session. SHA-256 suffices for 256-bit random values. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
