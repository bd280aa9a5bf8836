// How many web processes `npm start` runs (server/cluster/web-processes.ts) and when the
// supervisor replaces a dead one or gives up (server/cluster/restart-policy.ts).
import { describe, expect, it } from 'vitest';
import { planWebProcesses } from '../../../server/cluster/web-processes';
import { decideRestart, MAX_QUICK_CRASHES, QUICK_CRASH_MS } from '../../../server/cluster/restart-policy';

const PG = 'postgresql://localhost/talent';

describe('planWebProcesses', () => {
  it('runs one per core on PostgreSQL, or WEB_PROCESSES', () => {
    expect(planWebProcesses({ DATABASE_URL: PG }, 4)).toEqual({ count: 4 });
    expect(planWebProcesses({ DATABASE_URL: PG, WEB_PROCESSES: '2' }, 8)).toEqual({ count: 2 });
    expect(planWebProcesses({ DATABASE_URL: PG, WEB_PROCESSES: '' }, 3)).toEqual({ count: 3 });
  });

  it('runs exactly one on the embedded database, and says why when more were asked', () => {
    expect(planWebProcesses({}, 4)).toEqual({ count: 1 });
    expect(planWebProcesses({ WEB_PROCESSES: '1' }, 4)).toEqual({ count: 1 });
    const plan = planWebProcesses({ WEB_PROCESSES: '3' }, 4);
    expect(plan.count).toBe(1);
    expect(plan.warning).toMatch(/WEB_PROCESSES=3 needs DATABASE_URL/);
  });

  it('refuses what is not a whole number of processes', () => {
    for (const bad of ['0', '-1', '2.5', 'two', '99999'])
      expect(() => planWebProcesses({ DATABASE_URL: PG, WEB_PROCESSES: bad })).toThrow(/WEB_PROCESSES must be a whole number/);
  });
});

describe('decideRestart', () => {
  it('replaces a process that served a while at once, and forgets earlier crashes', () => {
    expect(decideRestart(3, QUICK_CRASH_MS + 1)).toEqual({ action: 'restart', delayMs: 0, quickCrashes: 0 });
  });

  it('waits longer after each crash at start, then gives up', () => {
    const delays: number[] = [];
    let quick = 0;
    for (;;) {
      const decision = decideRestart(quick, 200);
      quick = decision.quickCrashes;
      if (decision.action === 'give up') break;
      delays.push(decision.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(quick).toBe(MAX_QUICK_CRASHES);
  });
});
