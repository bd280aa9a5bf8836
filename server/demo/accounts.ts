import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../accounts/passwords';
import { findUserByEmail, insertUser } from '../accounts/users';

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

/**
 * A fresh random password per demo account, with its hash. One at a time: at start this runs
 * beside the server's own work, and hashing on one core leaves the other to it.
 */
export async function issueDemoPasswords(): Promise<IssuedPassword[]> {
  const issued: IssuedPassword[] = [];
  for (const { email } of ACCOUNTS) {
    const password = `demo-${randomBytes(6).toString('base64url')}`;
    issued.push({ email, password, hash: await hashPassword(password) });
  }
  return issued;
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

/**
 * The demo accounts of a database copied from the demo template have no usable
 * password: each gets one of its own, random, for this installation. Asked at every
 * start (one indexed query), so that accounts whose first start was cut short before
 * this still get one. `issuing`: passwords being hashed already (a start that copies
 * the demo template hashes them while the database opens). Answers the accounts it
 * gave a password to.
 */
export async function giveWaitingDemoAccountsPasswords(db: Kysely<Database>, issuing?: Promise<IssuedPassword[]>): Promise<DemoAccount[]> {
  const waiting = await db
    .selectFrom('app_user')
    .select(['id', 'email'])
    .where((eb) =>
      eb(
        eb.fn('lower', ['email']),
        'in',
        ACCOUNTS.map((a) => a.email),
      ),
    )
    .where('password_hash', '=', UNUSABLE_PASSWORD_HASH)
    .orderBy('id')
    .execute();
  if (!waiting.length) return [];
  const issued = await (issuing ?? issueDemoPasswords());
  const given: DemoAccount[] = [];
  for (const user of waiting) {
    const account = ACCOUNTS.find((a) => a.email === user.email.toLowerCase())!;
    const { password, hash } = issued.find((p) => p.email === account.email)!;
    // unless someone set a password meanwhile (`npm run manage -- changepassword`)
    const updated = await db
      .updateTable('app_user')
      .set({ password_hash: hash })
      .where('id', '=', user.id)
      .where('password_hash', '=', UNUSABLE_PASSWORD_HASH)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) given.push({ ...account, password });
  }
  return given;
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
