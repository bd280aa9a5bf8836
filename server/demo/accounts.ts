import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../accounts/passwords';
import { findUserByEmail, insertUser } from '../resources/users/repository';

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

/** One account per role, with fresh random passwords; answers only the ones it created. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const account of ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const password = `demo-${randomBytes(6).toString('base64url')}`;
    await insertUser(db, {
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      password_hash: await hashPassword(password),
      is_active: true,
      is_staff: account.role === 'staff',
      is_crowdsourcing: account.role === 'crowdsourcing',
    });
    created.push({ ...account, password });
  }
  return created;
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
