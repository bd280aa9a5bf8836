// What the soak (bench/soak.ts) checks once the load is over and the queue is idle: no job lost
// or done twice. Every retrieval execution ended SUCCESS with every record counted once, no
// person twice, no change logged twice; every notification SENT, and mailed exactly once (the
// capture SMTP's mails against the notification rows).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import type { CapturedMail } from '../tests/support/smtp';

const FINISHED = ['SUCCESS', 'FAILURE', 'REVOKED'] as const;

/** the last execution and notification before the soak (the demo data's own are not its business) */
export interface Marks {
  execution: number;
  notification: number;
}

export async function marks(db: Kysely<Database>): Promise<Marks> {
  const e = await db
    .selectFrom('execution')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const n = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return { execution: Number(e?.id ?? 0), notification: Number(n?.id ?? 0) };
}

/** Resolves once no execution is queued or running, the signals engine has matched every change and no notification waits to be sent (false: the deadline passed). */
export async function untilQuiet(db: Kysely<Database>, since: Marks, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await db
      .selectFrom('execution')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'not in', FINISHED)
      .where('id', '>', since.execution)
      .executeTakeFirstOrThrow();
    const pending = await db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('notification_status', '=', 'PENDING')
      .where('id', '>', since.notification)
      .executeTakeFirstOrThrow();
    // the signals engine has read the whole change log (it runs after each retrieval)
    const unmatched = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_change pc, signal_cursor c
      WHERE c.name = 'rules' AND (pc.txid, pc.id) > (c.txid, c.change_id)`.execute(db);
    if (Number(busy.n) === 0 && Number(pending.n) === 0 && unmatched.rows[0].n === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface SoakFindings {
  executions: number;
  /** attempts beyond the first (a worker killed mid-run) */
  retried: number;
  notifications: number;
  mails: number;
  /** mails for notifications raised before the soak (the demo's) */
  earlierMailed: number;
  problems: string[];
}

export async function checkNothingLostOrTwice(db: Kysely<Database>, since: Marks, mails: CapturedMail[]): Promise<SoakFindings> {
  const problems: string[] = [];
  const executions = await db.selectFrom('execution').selectAll().where('id', '>', since.execution).orderBy('id').execute();
  for (const e of executions) {
    const p = e.progress as { total: number; processed: number; created: number; updated: number; unchanged: number; failed: number };
    if (e.status !== 'SUCCESS') problems.push(`execution ${e.id} ended ${e.status}`);
    else if (p.processed !== p.total || p.created + p.updated + p.unchanged + p.failed !== p.processed)
      problems.push(`execution ${e.id}: counts do not add up ${JSON.stringify(p)}`);
  }
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);
  const twicePeople = await count(
    sql`SELECT count(*)::int AS n FROM (SELECT external_id FROM profile GROUP BY external_id HAVING count(*) > 1) t`,
  );
  if (twicePeople) problems.push(`${twicePeople} people stored twice`);
  // a retrieval logs each field of a person at most once per execution: a batch done twice would log it again
  const twiceLogged = await count(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM profile_change WHERE execution_id > ${since.execution}
      GROUP BY execution_id, profile_id, field, new_value::text HAVING count(*) > 1) t`);
  if (twiceLogged) problems.push(`${twiceLogged} changes logged twice by one execution`);
  const notifications = await db
    .selectFrom('notification')
    .select(['id', 'notification_status'])
    .where('id', '>', since.notification)
    .execute();
  for (const n of notifications) if (n.notification_status !== 'SENT') problems.push(`notification ${n.id} is ${n.notification_status}`);
  // each mail names the notification(s) it carries (a digest several)
  const mailed = new Map<number, number>();
  for (const mail of mails)
    for (const id of (mail.headers['x-talent-notification'] ?? '').split(',').filter((s) => s.trim()))
      mailed.set(Number(id), (mailed.get(Number(id)) ?? 0) + 1);
  for (const n of notifications) {
    const times = mailed.get(n.id) ?? 0;
    if (times !== 1) problems.push(`notification ${n.id} mailed ${times} times`);
    mailed.delete(n.id);
  }
  // the demo data's own notifications, due when the soak started, are sent during it too
  const earlier = [...mailed.keys()].filter((id) => id <= since.notification);
  for (const id of mailed.keys()) if (id > since.notification) problems.push(`a mail for notification ${id}, which is not in the database`);
  const retried = executions.reduce((sum, e) => sum + Math.max(0, (e.attempts ?? 1) - 1), 0);
  return {
    executions: executions.length,
    retried,
    notifications: notifications.length,
    mails: mails.length,
    earlierMailed: earlier.length,
    problems,
  };
}
