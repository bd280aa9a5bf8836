// A process that runs the signals engine on DATABASE_URL and dies (SIGKILL) between matching and
// committing: its notifications are inserted, its cursor moved, nothing committed
// (tests/api/signals-engine.test.ts, exactly once across a crash).
import { openDatabase } from '../../server/db/connect';
import { matchPendingChanges } from '../../server/signals/engine';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
await matchPendingChanges(handle.db, {
  appUrl: 'http://app.test',
  hooks: {
    async afterMatch() {
      const { rows } = await (await import('kysely')).sql<{ n: number }>`SELECT count(*)::int AS n FROM notification`.execute(handle.db);
      // seen from outside the transaction: nothing yet
      process.stdout.write(`matched, ${rows[0]!.n} committed\n`);
      await new Promise((resolve) => process.stdout.write('', resolve));
      process.kill(process.pid, 'SIGKILL');
    },
  },
});
process.stdout.write('finished without the hook\n');
await handle.close();
