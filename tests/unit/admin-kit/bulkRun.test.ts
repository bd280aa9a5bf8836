import { describe, expect, it } from 'vitest';
import { HttpError, type TranslateFunction } from 'react-admin';
import { bulkResultText, failureReasons, runPerItem } from '../../../src/admin-kit/list/bulkRun';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const translate: TranslateFunction = (key, options) => i18nProvider.translate(key, options) as string;

describe('runPerItem', () => {
  it('tries every id in order and sorts successes from failures, with the message of each failure', async () => {
    const calls: number[] = [];
    const outcome = await runPerItem([1, 2, 3, 4], async (id) => {
      calls.push(id as number);
      if (id === 2) throw new HttpError('user_id: This user is not a crowdsourcing user.', 400, {});
      if (id === 4) throw new Error('refused');
    });
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(outcome).toEqual({
      succeeded: [1, 3],
      failed: [
        { id: 2, reason: 'user_id: This user is not a crowdsourcing user.' },
        { id: 4, reason: 'refused' },
      ],
    });
  });

  it('counts a call that throws before returning a promise as a failure', async () => {
    const outcome = await runPerItem([7], () => {
      throw new Error('sync');
    });
    expect(outcome).toEqual({ succeeded: [], failed: [{ id: 7, reason: 'sync' }] });
  });

  it("gives 'An error occurred' for a failure that is no Error or has no message", async () => {
    const outcome = await runPerItem([1, 2], (id) => Promise.reject(id === 1 ? 'boom' : new Error('')));
    expect(outcome.failed).toEqual([
      { id: 1, reason: 'An error occurred' },
      { id: 2, reason: 'An error occurred' },
    ]);
  });
});

describe('failureReasons', () => {
  const failed = (...reasons: string[]) => reasons.map((reason, index) => ({ id: index + 1, reason }));

  it('names each distinct reason once, in order, each one a sentence', () => {
    expect(failureReasons(failed('Not found.', 'Not found.', 'Server down', 'Not found.'), translate)).toBe('Not found. Server down.');
  });

  it('names the first three reasons and counts the others', () => {
    expect(failureReasons(failed('A.', 'B.', 'C.', 'D.'), translate)).toBe('A. B. C. And 1 more reason.');
    expect(failureReasons(failed('A.', 'B.', 'C.', 'D.', 'D.', 'E!'), translate)).toBe('A. B. C. And 2 more reasons.');
  });
});

describe('bulkResultText', () => {
  const messages = {
    success: 'resources.organizations.results.deleted',
    failure: 'resources.organizations.results.failed',
  };

  it('reports the successes', () => {
    expect(bulkResultText(messages, { succeeded: [1, 2, 3], failed: [] }, translate)).toBe('Deletion completed for 3 organizations.');
  });

  it('adds the failures and why on a partial failure', () => {
    expect(bulkResultText(messages, { succeeded: [1, 2], failed: [{ id: 3, reason: 'Not found.' }] }, translate)).toBe(
      'Deletion completed for 2 organizations. Failed for 1 organizations: Not found.',
    );
  });

  it('says a reason shared by several failures once', () => {
    const users = { success: 'resources.users.results.create_entities', failure: 'resources.users.results.failed' };
    const reason = 'user_id: This user is not a crowdsourcing user.';
    expect(
      bulkResultText(
        users,
        {
          succeeded: [],
          failed: [
            { id: 1, reason },
            { id: 2, reason },
          ],
        },
        translate,
      ),
    ).toBe('Default entity creation initiated for 0 users. Failed for 2 users: user_id: This user is not a crowdsourcing user.');
  });

  it('gives every list a failure text with the reasons', () => {
    for (const resource of ['organizations', 'profile-lists', 'searches', 'users']) {
      const failure = `resources.${resource}.results.failed`;
      expect(translate(failure, { count: 1, reasons: 'Why.' })).toMatch(/^Failed for 1 [a-z ]+: Why\.$/);
    }
  });
});
