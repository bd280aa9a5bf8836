import os from 'node:os';

/** How many web processes `npm start` runs, and why when it is not what was asked. */
export interface WebProcessPlan {
  count: number;
  /** said in the log at start: WEB_PROCESSES was asked for but cannot be had */
  warning?: string;
}

/**
 * WEB_PROCESSES, or one per core on PostgreSQL. The embedded database opens in one process only
 * (server/db/lock.ts), so without DATABASE_URL there is exactly one, whatever was asked.
 */
export function planWebProcesses(env: NodeJS.ProcessEnv, cores = os.availableParallelism()): WebProcessPlan {
  const asked = env.WEB_PROCESSES?.trim();
  if (asked && !/^[1-9]\d{0,3}$/.test(asked)) throw new Error(`WEB_PROCESSES must be a whole number from 1 to 9999, got "${asked}"`);
  if (!env.DATABASE_URL) {
    const warning =
      asked && Number(asked) > 1
        ? `WEB_PROCESSES=${asked} needs DATABASE_URL (PostgreSQL): the embedded database opens in one process only, so one web process runs`
        : undefined;
    return { count: 1, warning };
  }
  return { count: asked ? Number(asked) : Math.max(1, cores) };
}
