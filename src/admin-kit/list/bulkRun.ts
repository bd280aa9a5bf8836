// Per-item bulk actions (SPEC §8): every selected row is tried, one after another so
// that a slow server is not flooded, and the outcome is reported once for all — with
// why the failed rows failed (the server's messages).
import type { Identifier, TranslateFunction } from 'react-admin';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../../dataProvider/errors';
import type { BulkMessages } from './types';

export interface BulkFailure {
  id: Identifier;
  /** the server's message (an HttpError's), else 'An error occurred' */
  reason: string;
}

export interface BulkOutcome {
  succeeded: Identifier[];
  failed: BulkFailure[];
}

/** How many distinct reasons a banner names before it only counts the others. */
export const MAX_REASONS_SHOWN = 3;

export async function runPerItem(ids: Identifier[], run: (id: Identifier) => Promise<unknown>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await run(id);
      outcome.succeeded.push(id);
    } catch (error) {
      outcome.failed.push({ id, reason: errorMessage(error, GENERIC_ERROR_MESSAGE) });
    }
  }
  return outcome;
}

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * 'Not found. Server down.': each distinct reason once, in the order met, as a sentence;
 * past MAX_REASONS_SHOWN, 'And 2 more reasons.'
 */
export function failureReasons(failed: BulkFailure[], translate: TranslateFunction): string {
  const distinct = [...new Set(failed.map(({ reason }) => asSentence(reason.trim())))];
  const shown = distinct.slice(0, MAX_REASONS_SHOWN);
  const others = distinct.length - shown.length;
  if (others > 0) shown.push(translate('app.list.more_reasons', { smart_count: others }));
  return shown.join(' ');
}

/**
 * 'Deletion completed for 3 organizations.', plus ' Failed for 1 organizations: Not found.'
 * when some rows failed.
 */
export function bulkResultText(messages: BulkMessages, outcome: BulkOutcome, translate: TranslateFunction): string {
  const done = translate(messages.success, { count: outcome.succeeded.length });
  if (outcome.failed.length === 0) return done;
  const failed = translate(messages.failure, {
    count: outcome.failed.length,
    reasons: failureReasons(outcome.failed, translate),
  });
  return `${done} ${failed}`;
}
