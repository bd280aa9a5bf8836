// The People Data Labs connector's waits recorded rather than slept (pdlOptions), for vitest
// files that drive the fake PDL (fake-pdl.ts, which stays free of vitest for the e2e specs).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { pdlOptions, type PdlOptions } from '../../server/connectors/pdl/client';
import type { FakePdl } from './fake-pdl';

/**
 * The connector's waits recorded, not slept, for the file's tests; its options and the fake's
 * forced answers reset after each test. Returns the waits asked for (emptied after each test)
 * and the options as they were (their real sleep).
 */
export function recordPdlWaits(fake: () => FakePdl | undefined): { waits: number[]; saved: PdlOptions } {
  const waits: number[] = [];
  const saved: PdlOptions = { ...pdlOptions };
  const recordWait = async (ms: number) => {
    waits.push(ms);
  };
  beforeAll(() => {
    pdlOptions.sleep = recordWait;
  });
  afterEach(() => {
    Object.assign(pdlOptions, saved, { sleep: recordWait });
    waits.length = 0;
    fake()?.forced.splice(0);
    fake()?.forcedAtPage.clear();
  });
  afterAll(() => {
    Object.assign(pdlOptions, saved);
  });
  return { waits, saved };
}
