import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../accounts/passwords';
import { findUserByEmail, insertUser, updateUser } from '../resources/users/repository';

export interface DemoAccount {
  role: 'staff' | 'normal' | 'crowdsourcing';
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

const ACCOUNTS: Omit<DemoAccount, 'password'>[] = [
  { role: 'staff', email: 'staff@demo.test', first_name: 'Stella', last_name: 'Staff' },
  { role: 'normal', email: 'user@demo.test', first_name: 'Noah', last_name: 'Normal' },
  { role: 'crowdsourcing', email: 'scout@demo.test', first_name: 'Cora', last_name: 'Scout' },
];

export interface IssuedPassword {
  email: string;
  password: string;
  hash: string;
}

/** A fresh random password per demo account, with its hash (hashed in parallel, off the main thread). */
export function issueDemoPasswords(): Promise<IssuedPassword[]> {
  return Promise.all(
    ACCOUNTS.map(async ({ email }) => {
      const password = `demo-${randomBytes(6).toString('base64url')}`;
      return { email, password, hash: await hashPassword(password) };
    }),
  );
}

/**
 * One account per role; answers only the ones it created. Without passwords
 * (the demo database template, shared by an install's new databases) the
 * accounts cannot sign in until `renewDemoPasswords` gives them their own.
 */
export async function seedDemoAccounts(db: Kysely<Database>, passwords?: IssuedPassword[]): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const account of ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const issued = passwords?.find((p) => p.email === account.email);
    await insertUser(db, {
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      password_hash: issued?.hash ?? UNUSABLE_PASSWORD_HASH,
      is_active: true,
      is_staff: account.role === 'staff',
      is_crowdsourcing: account.role === 'crowdsourcing',
    });
    created.push({ ...account, password: issued?.password ?? '' });
  }
  return created;
}

/** A database copied from the demo template: its demo accounts get this installation's own passwords. */
export async function renewDemoPasswords(db: Kysely<Database>, passwords: IssuedPassword[]): Promise<DemoAccount[]> {
  const renewed: DemoAccount[] = [];
  for (const account of ACCOUNTS) {
    const user = await findUserByEmail(db, account.email);
    const issued = passwords.find((p) => p.email === account.email);
    if (!user || !issued) continue;
    await updateUser(db, user.id, { password_hash: issued.hash });
    renewed.push({ ...account, password: issued.password });
  }
  return renewed;
}

export function describeAccounts(accounts: DemoAccount[], appUrl: string): string {
  const width = Math.max(...accounts.map((a) => a.email.length));
  return [
    '',
    '  Demo accounts (passwords are shown only on this first start):',
    ...accounts.map((a) => `    ${a.role.padEnd(14)} ${a.email.padEnd(width)}  ${a.password}`),
    `  Sign in at ${appUrl}/login`,
    '',
  ].join('\n');
}
