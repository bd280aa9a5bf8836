// Per-item bulk actions (SPEC §8): every selected row is tried, one after another so
// that a slow server is not flooded, and the outcome is reported once for all.
import type { Identifier, TranslateFunction } from 'react-admin';
import type { BulkMessages } from './types';

export interface BulkOutcome {
  succeeded: Identifier[];
  failed: Identifier[];
}

export async function runPerItem(
  ids: Identifier[],
  run: (id: Identifier) => Promise<unknown>,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await run(id);
      outcome.succeeded.push(id);
    } catch {
      outcome.failed.push(id);
    }
  }
  return outcome;
}

/**
 * 'Deletion completed for 3 organizations.', plus ' Failed for 1 organizations.'
 * when some rows failed.
 */
export function bulkResultText(messages: BulkMessages, outcome: BulkOutcome, translate: TranslateFunction): string {
  const done = translate(messages.success, { count: outcome.succeeded.length });
  if (outcome.failed.length === 0) return done;
  return `${done} ${translate(messages.failure, { count: outcome.failed.length })}`;
}
