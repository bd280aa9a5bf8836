import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-22-accounts';
import * as profiles from './2026-11-22-profiles';
import * as countVersions from './2026-11-22-count-versions';
import * as ratingDescIndexes from './2026-11-22-rating-desc-indexes';
import * as userNameIndexes from './2026-11-22-user-name-indexes';
import * as profileIndexLog from './2026-11-24-profile-index-log';
import * as visibilityVersions from './2026-11-24-visibility-versions';
import * as dataOperations from './2026-11-24-data-operations';
import * as signals from './2026-11-25-signals';
import * as alerts from './2026-11-26-alerts';
import * as changeSignals from './2026-11-26-change-signals';
import * as throttlesSessions from './2026-11-27-throttles-sessions';
import * as audit from './2026-11-27-audit';

/** Every migration, by a name that sorts in the order they must run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-accounts': accounts,
  '2026-11-22-02-profiles': profiles,
  '2026-11-22-03-count-versions': countVersions,
  '2026-11-22-04-rating-desc-indexes': ratingDescIndexes,
  '2026-11-22-05-user-name-indexes': userNameIndexes,
  '2026-11-24-01-profile-index-log': profileIndexLog,
  '2026-11-24-02-visibility-versions': visibilityVersions,
  '2026-11-24-03-data-operations': dataOperations,
  '2026-11-25-01-signals': signals,
  '2026-11-26-01-alerts': alerts,
  '2026-11-26-02-change-signals': changeSignals,
  '2026-11-27-01-throttles-sessions': throttlesSessions,
  '2026-11-27-01-audit': audit,
};
