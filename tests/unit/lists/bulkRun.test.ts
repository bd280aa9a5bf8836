import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { bulkResultText, runPerItem } from '../../../src/lists/bulkRun';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const translate: TranslateFunction = (key, options) => i18nProvider.translate(key, options) as string;

describe('runPerItem', () => {
  it('tries every id in order and sorts successes from failures', async () => {
    const calls: number[] = [];
    const outcome = await runPerItem([1, 2, 3, 4], async (id) => {
      calls.push(id as number);
      if (id === 2 || id === 4) throw new Error('refused');
    });
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(outcome).toEqual({ succeeded: [1, 3], failed: [2, 4] });
  });

  it('counts a call that throws before returning a promise as a failure', async () => {
    const outcome = await runPerItem([7], () => {
      throw new Error('sync');
    });
    expect(outcome).toEqual({ succeeded: [], failed: [7] });
  });
});

describe('bulkResultText', () => {
  const messages = {
    success: 'resources.organizations.results.deleted',
    failure: 'resources.organizations.results.failed',
  };

  it('reports the successes', () => {
    expect(bulkResultText(messages, { succeeded: [1, 2, 3], failed: [] }, translate)).toBe(
      'Deletion completed for 3 organizations.',
    );
  });

  it('adds the failures on a partial failure', () => {
    expect(bulkResultText(messages, { succeeded: [1, 2], failed: [3] }, translate)).toBe(
      'Deletion completed for 2 organizations. Failed for 1 organizations.',
    );
  });
});
